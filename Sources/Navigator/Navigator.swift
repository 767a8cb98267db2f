// Module Navigator: implementation lands with its issue.
