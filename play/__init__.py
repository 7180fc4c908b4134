"""The application layer: what an action at the table does to a campaign, the same from
every front end (the app, the command line, the shared table's seats).

Front ends build a request and show its result; what the request changes is computed
here, as a :data:`meneur.saves.campaign.Plan` run under the campaign's lock on the state
every other writer left — so two front ends acting at the same moment never undo each
other.
"""
