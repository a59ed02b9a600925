/// The HTTP/1.1 server of Homeward: sockets, event loops, parser, router.
