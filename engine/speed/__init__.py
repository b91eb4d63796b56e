"""The engine's speed caches, kept out of the rules' room: each gives exactly the answer of the
plain computation it stands for (``tests/engine/test_speed_caches.py`` holds them together).

- ``glance``: the quick bounds that spare most turns the seeing and going-out searches;
- ``holding``: each seat's hand counted once and carried from turn to turn;
- ``legal_cache``: the searched legal actions memoised by position;
- ``seat_history``: each seat's filtered history, kept as the events come;
- ``view_build``: a view built in one step instead of field by field.
"""
