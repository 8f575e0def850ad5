"""The kiosk's screens, one module and one ``.kv`` file each: table, setup, round_end, settings."""
