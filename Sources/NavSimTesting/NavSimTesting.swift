// Module NavSimTesting: implementation lands with its issue.
