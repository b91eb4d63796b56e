"""The card table: the scene where the hands are played."""
