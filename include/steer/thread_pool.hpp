#ifndef STEER_THREAD_POOL_HPP
#define STEER_THREAD_POOL_HPP

/// @file
/// `thread_pool_executor`: the bundled executor (see executor.hpp) that runs a batched
/// step's loops on a fixed set of std::threads. Not part of `<steer/steer.hpp>`: include
/// this header where you create the pool, so that the rest of a program does not compile
/// `<thread>`, `<mutex>` and `<condition_variable>`.
///
/// Using it needs the platform's thread library at link time (CMake:
/// `find_package(Threads)` and `target_link_libraries(app PRIVATE Threads::Threads)`;
/// glibc 2.34 and later have it in libc). The `steer::steer` target does not force it on
/// programs that do not use threads.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "detail/expect.hpp"
#include "error.hpp"
#include "executor.hpp"

namespace steer {

/// A fixed pool of std::threads, created once and reused by every call: `threads` = 2
/// runs a range on the calling thread and one worker. Each call cuts the range into a few
/// chunks per thread, which the threads take in turn (so a slow chunk does not stall the
/// others), and returns when all are done. An exception thrown by a body is rethrown by the
/// call (the first one caught; the other chunks still run). Calls from several threads are
/// served one at a time; a body must not call the same pool (it would wait for itself).
/// Between calls, each thread stays awake (yielding) for up to half a millisecond before it
/// sleeps, so that the several loops of one step do not each pay for waking the workers.
class thread_pool_executor {
public:
    /// The most threads a pool may have: a larger number is surely a mistake (a negative
    /// count converted to unsigned), and is refused before anything is allocated.
    static constexpr unsigned max_threads = 65536;

    /// A pool that runs ranges on `threads` threads in all, the calling one included
    /// (>= 1 and at most `max_threads`; 1 runs everything on the caller). The `threads - 1`
    /// workers start here, as plain `std::thread`s. When one cannot be started (a thread or
    /// memory limit), the constructor stops and joins the workers it had started and throws
    /// what `std::thread` threw (`std::system_error`): nothing is left running or allocated.
    explicit thread_pool_executor(unsigned threads, source_location caller = source_location::current())
        : thread_pool_executor(
              threads, [](std::function<void()> loop) { return std::thread(std::move(loop)); }, caller) {}

    /// As above, with the workers started by `start`: called once per worker with the
    /// worker's loop, it returns the `std::thread` running it, so that an engine can name its
    /// workers, pin them to cores or raise their priority through `native_handle()`. It must
    /// return a running (joinable) thread or throw without having started one; if it throws,
    /// the constructor stops and joins the workers already started and rethrows.
    template <class Start>
        requires std::is_invocable_r_v<std::thread, Start&, std::function<void()>>
    thread_pool_executor(unsigned threads, Start&& start,
                         source_location caller = source_location::current()) : threads_(threads) {
        constexpr auto where = "steer::thread_pool_executor";
        detail::expect(threads >= 1, where, "threads", ">= 1", threads, caller);
        detail::expect(threads <= max_threads, where, "threads", "at most " + detail::format_value(max_threads), threads,
                       caller);
        if (threads < 1 || threads > max_threads) threads_ = 1;  // only after a custom STEER_EXPECTS that returns
        workers_.reserve(threads_ - 1);  // before any thread starts, so that a failure leaves nothing to stop
#if STEER_HAS_EXCEPTIONS
        try {
#endif
            for (unsigned i = 1; i < threads_; ++i) {
                std::thread worker = start(std::function<void()>([this] { work_loop(); }));
                if (!worker.joinable()) [[unlikely]] {
                    detail::refuse_with(std::string(where) +
                                            ": start must return a running std::thread (got one that is not joinable)",
                                        "start must return a running std::thread", caller);
                    threads_ = static_cast<unsigned>(workers_.size()) + 1;  // after a handler that returns
                    break;
                }
                workers_.push_back(std::move(worker));  // room reserved: cannot throw
            }
#if STEER_HAS_EXCEPTIONS
        } catch (...) {
            stop();
            throw;
        }
#endif
    }

    thread_pool_executor(const thread_pool_executor&) = delete;
    thread_pool_executor& operator=(const thread_pool_executor&) = delete;

    /// Stops and joins the workers.
    ~thread_pool_executor() { stop(); }

    /// The number of threads that run a range, the caller included.
    [[nodiscard]] unsigned threads() const noexcept { return threads_; }

    /// Calls `body(begin, end)` over [0, count) on the pool's threads; returns when done.
    template <class F>
    void operator()(std::size_t count, F&& body) {
        if (count == 0) return;
        if (workers_.empty() || count == 1) {
            body(std::size_t(0), count);
            return;
        }
        const std::lock_guard serial(submit_);  // one range at a time
        using body_type = std::remove_reference_t<F>;
        job_.run = [](void* context, std::size_t begin, std::size_t end) {
            (*static_cast<body_type*>(context))(begin, end);
        };
        job_.context = const_cast<void*>(static_cast<const void*>(std::addressof(body)));
        job_.count = count;
        job_.chunks = count < chunks_per_thread * threads_ ? count : std::size_t(chunks_per_thread) * threads_;
        next_chunk_.store(0, std::memory_order_relaxed);
        {
            const std::lock_guard lock(mutex_);
            busy_workers_.store(workers_.size(), std::memory_order_relaxed);
            ++generation_;
            published_.store(generation_, std::memory_order_release);
        }
        wake_.notify_all();
        run_chunks();
        // The workers are usually a chunk away from done: wait for them awake a moment
        // before going to sleep (waking up costs more than the chunk).
        spin_until([this] { return busy_workers_.load(std::memory_order_acquire) == 0; });
        {
            std::unique_lock lock(mutex_);
            done_.wait(lock, [this] { return busy_workers_.load(std::memory_order_relaxed) == 0; });
        }
#if STEER_HAS_EXCEPTIONS
        if (error_) {
            std::exception_ptr error = std::exchange(error_, nullptr);
            std::rethrow_exception(error);
        }
#endif
    }

private:
    static constexpr unsigned chunks_per_thread = 8;
    /// How long a thread stays awake waiting for the next range (or for the workers to
    /// finish) before it sleeps on the condition variable. The loops of one step come one
    /// right after another; a sleeping worker takes tens of microseconds to wake, more than
    /// a whole range of a small flock.
    static constexpr std::chrono::microseconds spin_time{500};

    /// Returns when `ready()` or after `spin_time`, yielding the processor meanwhile.
    template <class Ready>
    static void spin_until(Ready ready) {
        if (ready()) return;
        const auto until = std::chrono::steady_clock::now() + spin_time;
        while (!ready() && std::chrono::steady_clock::now() < until) std::this_thread::yield();
    }

    struct job {
        void (*run)(void*, std::size_t, std::size_t) = nullptr;
        void* context = nullptr;
        std::size_t count = 0;
        std::size_t chunks = 0;
    };

    void run_chunks() {
        for (;;) {
            const std::size_t chunk = next_chunk_.fetch_add(1, std::memory_order_relaxed);
            if (chunk >= job_.chunks) return;
            const std::size_t begin = job_.count / job_.chunks * chunk + std::min(chunk, job_.count % job_.chunks);
            const std::size_t size = job_.count / job_.chunks + (chunk < job_.count % job_.chunks ? 1 : 0);
#if STEER_HAS_EXCEPTIONS
            try {
                job_.run(job_.context, begin, begin + size);
            } catch (...) {
                const std::lock_guard lock(mutex_);
                if (!error_) error_ = std::current_exception();
            }
#else
            job_.run(job_.context, begin, begin + size);
#endif
        }
    }

    /// Tells the workers to return, wakes them and joins them.
    void stop() noexcept {
        {
            const std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_all();
        for (auto& worker : workers_)
            if (worker.joinable()) worker.join();
        workers_.clear();
    }

    void work_loop() {
        std::uint64_t seen = 0;
        for (;;) {
            spin_until([&] { return published_.load(std::memory_order_acquire) != seen; });
            {
                std::unique_lock lock(mutex_);
                wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
                if (stopping_) return;
                seen = generation_;
            }
            run_chunks();
            bool last = false;
            {
                const std::lock_guard lock(mutex_);
                last = busy_workers_.fetch_sub(1, std::memory_order_acq_rel) == 1;
            }
            if (last) done_.notify_one();
        }
    }

    unsigned threads_;
    std::vector<std::thread> workers_;
    std::mutex submit_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable done_;
    job job_{};
    std::atomic<std::size_t> next_chunk_{0};
    std::atomic<std::size_t> busy_workers_{0};  // written under mutex_, also read while spinning
    std::uint64_t generation_ = 0;
    std::atomic<std::uint64_t> published_{0};   // generation_, for the workers' spinning
    bool stopping_ = false;
#if STEER_HAS_EXCEPTIONS
    std::exception_ptr error_;
#endif
};

}  // namespace steer

#endif  // STEER_THREAD_POOL_HPP
