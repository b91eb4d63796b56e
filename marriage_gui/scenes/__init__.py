"""The menu screens around the card table: title, new game, rules, statistics, settings."""
