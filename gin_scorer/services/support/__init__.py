"""Support: the pieces every use case shares (rows, stored JSON, authority, the audit
trail, errors, the frozen values, the database's front door, the seal). Support imports
neither the queries nor the writes (import-linter: decision 0033)."""
