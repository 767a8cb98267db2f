// Module Replay: implementation lands with its issue.
