// Module SQLite: implementation lands with its issue.
