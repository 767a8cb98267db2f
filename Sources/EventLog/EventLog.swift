// Module EventLog: implementation lands with its issue.
