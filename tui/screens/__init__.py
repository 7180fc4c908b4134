"""The app's screens, one module each: the table, campaigns, help, dialogs."""
