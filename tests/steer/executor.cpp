#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cstdio>
#endif

#include <doctest/doctest.h>

#include <steer/executor.hpp>
#include <steer/thread_pool.hpp>

#include "test_util.hpp"

namespace {

/// Runs `exec` over [0, count) and returns how many times each index was visited.
template <class E>
std::vector<int> visits(E& exec, std::size_t count) {
    std::vector<std::atomic<int>> seen(count);
    exec(count, [&](std::size_t begin, std::size_t end) {
        REQUIRE(begin <= end);
        REQUIRE(end <= count);
        for (std::size_t i = begin; i < end; ++i) seen[i].fetch_add(1, std::memory_order_relaxed);
    });
    std::vector<int> result;
    for (auto& s : seen) result.push_back(s.load());
    return result;
}

/// A user's executor, as an engine's job system would be: here, a few pieces run last first.
struct backwards_executor {
    template <class F>
    void operator()(std::size_t count, F&& body) const {
        const std::size_t pieces = 5;
        for (std::size_t p = pieces; p-- > 0;) body(count * p / pieces, count * (p + 1) / pieces);
    }
};

/// How many distinct threads run 16 bodies of 2 ms each through `exec`: slow enough that
/// every thread of a pool gets a share.
template <class E>
std::size_t threads_running_slow_bodies(E& exec) {
    std::mutex mutex;
    std::vector<std::thread::id> ids;
    exec(std::size_t(16), [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            const std::lock_guard lock(mutex);
            if (std::find(ids.begin(), ids.end(), std::this_thread::get_id()) == ids.end())
                ids.push_back(std::this_thread::get_id());
        }
    });
    return ids.size();
}

}  // namespace

TEST_CASE("executor: the concept accepts the bundled executors and a plain lambda, not a number") {
    static_assert(steer::executor<steer::serial_executor>);
    static_assert(steer::executor<steer::thread_pool_executor>);
    static_assert(steer::executor<backwards_executor>);
    auto lambda = [](std::size_t count, auto&& body) { body(std::size_t(0), count); };
    static_assert(steer::executor<decltype(lambda)>);
    static_assert(!steer::executor<int>);
    static_assert(!steer::executor<void (*)(int)>);
    CHECK(true);
}

TEST_CASE("serial_executor runs the whole range once, in one call on the calling thread") {
    steer::serial_executor exec;
    int calls = 0;
    const auto caller = std::this_thread::get_id();
    exec(std::size_t(10), [&](std::size_t begin, std::size_t end) {
        ++calls;
        CHECK(begin == 0);
        CHECK(end == 10);
        CHECK(std::this_thread::get_id() == caller);
    });
    CHECK(calls == 1);
    exec(std::size_t(0), [&](std::size_t, std::size_t) { ++calls; });
    CHECK(calls == 1);  // an empty range calls nothing
}

TEST_CASE("thread_pool_executor visits every index exactly once, for any count and thread number" * doctest::skip(!steer::test::threads_available)) {
    for (unsigned threads : {1u, 2u, 3u}) {
        CAPTURE(threads);
        steer::thread_pool_executor pool(threads);
        CHECK(pool.threads() == threads);
        for (std::size_t count : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(7), std::size_t(100),
                                  std::size_t(10007)}) {
            CAPTURE(count);
            const auto seen = visits(pool, count);
            for (int s : seen) REQUIRE(s == 1);
        }
    }
}

TEST_CASE("thread_pool_executor runs bodies on its workers too, and is reused across many calls" * doctest::skip(!steer::test::threads_available)) {
    steer::thread_pool_executor pool(2);
    for (int call = 0; call < 300; ++call) {
        const auto seen = visits(pool, 64);
        for (int s : seen) REQUIRE(s == 1);
    }
    // Slow bodies: the worker wakes long before the caller could have run them all.
    CHECK(threads_running_slow_bodies(pool) == 2);
}

TEST_CASE("thread_pool_executor works whether its workers are still awake or asleep between calls" * doctest::skip(!steer::test::threads_available)) {
    // Workers stay awake (yielding) for a moment after a call, then sleep: calls right after
    // each other, after a short pause, and after a pause long enough for them to sleep, all
    // visit every index once, and a sleeping worker still wakes up to take its share.
    steer::thread_pool_executor pool(2);
    for (int pause_us : {0, 100, 3000}) {
        CAPTURE(pause_us);
        for (int call = 0; call < 5; ++call) {
            std::this_thread::sleep_for(std::chrono::microseconds(pause_us));
            const auto seen = visits(pool, 1000);
            for (int s : seen) REQUIRE(s == 1);
        }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    CHECK(threads_running_slow_bodies(pool) == 2);
}

TEST_CASE("thread_pool_executor rethrows a body's exception on the calling thread and stays usable" * doctest::skip(!steer::test::threads_available)) {
    steer::thread_pool_executor pool(3);
    CHECK_THROWS_WITH_AS(pool(std::size_t(1000),
                              [](std::size_t begin, std::size_t end) {
                                  for (std::size_t i = begin; i < end; ++i)
                                      if (i == 517) throw std::runtime_error("index 517");
                              }),
                         "index 517", std::runtime_error);
    const auto seen = visits(pool, 1000);
    for (int s : seen) CHECK(s == 1);
}

TEST_CASE("thread_pool_executor refuses zero threads") {
    CHECK_THROWS_WITH_AS(steer::thread_pool_executor(0), "steer::thread_pool_executor: threads must be >= 1 (got 0)",
                         std::invalid_argument);
}

namespace {

/// A thread starter that starts real threads, counts how many of them are running the
/// pool's loop, and fails like std::thread does (std::system_error, "resource temporarily
/// unavailable") on call number `fail_at` (1-based).
struct failing_starter {
    std::atomic<int>* running;
    int* calls;
    int fail_at;
    std::thread operator()(std::function<void()> loop) const {
        if (++*calls == fail_at) throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
        std::atomic<int>* count = running;
        return std::thread([count, loop = std::move(loop)] {
            count->fetch_add(1);
            loop();
            count->fetch_sub(1);
        });
    }
};

}  // namespace

TEST_CASE("thread_pool_executor: a worker that cannot start makes the constructor throw, leaving nothing running" *
          doctest::skip(!steer::test::threads_available)) {
    for (const int fail_at : {1, 2, 5}) {
        CAPTURE(fail_at);
        std::atomic<int> running{0};
        int calls = 0;
        // The constructor returns (it does not hang), throws the starter's error, and has
        // joined every worker it had started: none is still in the pool's loop.
        CHECK_THROWS_AS(steer::thread_pool_executor(8, failing_starter{&running, &calls, fail_at}), std::system_error);
        CHECK(calls == fail_at);
        CHECK(running.load() == 0);
    }
    SUBCASE("a starter that succeeds gives a working pool") {
        std::atomic<int> running{0};
        int calls = 0;
        {
            steer::thread_pool_executor pool(4, failing_starter{&running, &calls, 0});
            CHECK(calls == 3);
            for (int s : visits(pool, 1000)) CHECK(s == 1);
        }
        CHECK(running.load() == 0);  // the destructor joined them
    }
    SUBCASE("a starter that returns no thread is refused, and the workers started are stopped") {
        std::atomic<int> running{0};
        int calls = 0;
        const auto no_thread_third = [&](std::function<void()> loop) {
            if (++calls == 3) return std::thread();
            return std::thread([&running, loop = std::move(loop)] {
                running.fetch_add(1);
                loop();
                running.fetch_sub(1);
            });
        };
        CHECK_THROWS_WITH_AS(steer::thread_pool_executor(6, no_thread_third),
                             "steer::thread_pool_executor: start must return a running std::thread (got one that is "
                             "not joinable)",
                             std::invalid_argument);
        CHECK(running.load() == 0);
    }
}

#if defined(__linux__) && defined(__x86_64__) && !STEER_TEST_SANITIZED
TEST_CASE("thread_pool_executor: when the system refuses a thread, the constructor throws std::system_error and returns") {
    // A real failure, in a child process: its address space is capped a few thread stacks
    // above what it uses, so std::thread fails part way through the workers. An alarm kills
    // a child that hangs (the failure mode this tests against).
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        alarm(20);
        long pages = 0;
        if (FILE* statm = std::fopen("/proc/self/statm", "r")) {
            if (std::fscanf(statm, "%ld", &pages) != 1) pages = 0;
            std::fclose(statm);
        }
        const rlim_t used = static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE));
        const rlimit cap{used + (rlim_t(40) << 20), used + (rlim_t(40) << 20)};  // room for a few 8 MB stacks
        if (pages == 0 || setrlimit(RLIMIT_AS, &cap) != 0) _exit(3);
        try {
            steer::thread_pool_executor pool(256);
            _exit(1);  // every thread started: the cap did not bite
        } catch (const std::system_error&) {
            _exit(0);
        } catch (...) {
            _exit(2);
        }
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    REQUIRE_MESSAGE(WIFEXITED(status), "the child was killed by signal ", WTERMSIG(status), " (14: it hung)");
    CHECK(WEXITSTATUS(status) == 0);
}
#endif

TEST_CASE("thread_pool_executor refuses more threads than max_threads, before allocating") {
    CHECK_THROWS_WITH_AS(steer::thread_pool_executor(4000000000u),
                         "steer::thread_pool_executor: threads must be at most 65536 (got 4000000000)",
                         std::invalid_argument);
}

TEST_CASE("executor_threads: 1 when serial, the pool's threads, the caller's guess for an executor that does not say") {
    CHECK(steer::detail::executor_threads(steer::serial_executor{}, 4) == 1);
    if (steer::test::threads_available) {
        steer::thread_pool_executor pool(3);
        CHECK(steer::detail::executor_threads(pool, 4) == 3);
    }
    const auto jobs = [](std::size_t count, auto&& body) { body(std::size_t(0), count); };
    CHECK(steer::detail::executor_threads(jobs, 4) == 4);
    CHECK(steer::detail::executor_threads(jobs, 7) == 7);
}
