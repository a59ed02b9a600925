#ifndef HOMEWARD_CSYSTEMSHIMS_H
#define HOMEWARD_CSYSTEMSHIMS_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

// Glibc's epoll, eventfd and accept4 are not exported to Swift, and `struct epoll_event`
// is packed on x86_64. These wrappers take and return plain integers.

/// Event bits, re-exported with fixed values.
extern const uint32_t homeward_EPOLLIN;
extern const uint32_t homeward_EPOLLOUT;
extern const uint32_t homeward_EPOLLERR;
extern const uint32_t homeward_EPOLLHUP;
extern const uint32_t homeward_EPOLLRDHUP;
extern const uint32_t homeward_EPOLLET;
extern const uint32_t homeward_EPOLLEXCLUSIVE;

/// epoll_create1(EPOLL_CLOEXEC).
int homeward_epoll_create(void);

/// epoll_ctl with op EPOLL_CTL_ADD (1), EPOLL_CTL_DEL (2) or EPOLL_CTL_MOD (3), as in the kernel, and a 64-bit tag.
int homeward_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t tag);

/// epoll_wait, unpacking each ready event into `tags[i]` and `events[i]`.
int homeward_epoll_wait(int epfd, uint64_t *tags, uint32_t *events, int capacity, int timeout_ms);

/// eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC).
int homeward_eventfd(void);

/// Adds one to an eventfd counter; returns 0 or -1.
int homeward_eventfd_signal(int fd);

/// Reads (and so resets) an eventfd counter; returns 0 or -1.
int homeward_eventfd_drain(int fd);

/// accept4(fd, addr, len, SOCK_NONBLOCK | SOCK_CLOEXEC).
int homeward_accept(int fd, struct sockaddr *address, socklen_t *length);

/// Names the calling thread (at most 15 bytes are kept), for top, perf and gdb.
void homeward_set_thread_name(const char *name);

#endif
