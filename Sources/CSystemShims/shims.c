#define _GNU_SOURCE
#include "CSystemShims.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <pthread.h>
#include <unistd.h>

const uint32_t homeward_EPOLLIN = EPOLLIN;
const uint32_t homeward_EPOLLOUT = EPOLLOUT;
const uint32_t homeward_EPOLLERR = EPOLLERR;
const uint32_t homeward_EPOLLHUP = EPOLLHUP;
const uint32_t homeward_EPOLLRDHUP = EPOLLRDHUP;
const uint32_t homeward_EPOLLET = EPOLLET;
const uint32_t homeward_EPOLLEXCLUSIVE = EPOLLEXCLUSIVE;

int homeward_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

int homeward_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t tag) {
    struct epoll_event event;
    event.events = events;
    event.data.u64 = tag;
    return epoll_ctl(epfd, op, fd, &event);
}

int homeward_epoll_wait(int epfd, uint64_t *tags, uint32_t *events, int capacity, int timeout_ms) {
    struct epoll_event ready[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epfd, ready, capacity, timeout_ms);
    for (int i = 0; i < count; i++) {
        tags[i] = ready[i].data.u64;
        events[i] = ready[i].events;
    }
    return count;
}

int homeward_eventfd(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

int homeward_eventfd_signal(int fd) {
    uint64_t one = 1;
    return write(fd, &one, sizeof one) == sizeof one ? 0 : -1;
}

int homeward_eventfd_drain(int fd) {
    uint64_t value;
    return read(fd, &value, sizeof value) == sizeof value ? 0 : -1;
}

int homeward_accept(int fd, struct sockaddr *address, socklen_t *length) {
    return accept4(fd, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

void homeward_set_thread_name(const char *name) {
    pthread_setname_np(pthread_self(), name);
}
