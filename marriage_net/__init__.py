"""Tables across laptops: the host, the client, the messages between them and finding tables.

Pure Python; never imports pygame. The host (``host``, ``hostproc``, ``serve``) runs the one
authoritative match; every screen reaches it through ``client.RemoteMatch``.
"""
