#ifndef STEER_EXECUTOR_HPP
#define STEER_EXECUTOR_HPP

/// @file
/// Executors: who runs the loops of a batched step. An executor is any callable
/// `exec(count, body)` that calls `body(begin, end)` on sub-ranges that together cover
/// [0, count) exactly once, possibly concurrently, and returns when all are done. An
/// engine's job system fits in a few lines; two ship with the library: `serial_executor`
/// (here: the calling thread, no threads at all) and `thread_pool_executor` (a fixed set of
/// std::threads, in its own header `<steer/thread_pool.hpp>`, so that only programs that
/// use it pay for `<thread>`, `<mutex>` and `<condition_variable>`).
///
/// Results never depend on the executor: the library only hands it loops whose iterations
/// are independent, so any partition, in any order, gives bit-identical results.

#include <cstddef>
#include <type_traits>
#include <utility>

namespace steer {

namespace detail {
/// Stands for the loop bodies the library hands to an executor (never defined or called).
struct range_body_archetype {
    void operator()(std::size_t begin, std::size_t end) const;
};
}  // namespace detail

/// A callable that runs an index range: `exec(count, body)` calls `body(begin, end)` on
/// disjoint sub-ranges covering [0, count), on any threads, and returns when all are done.
/// The bodies it receives never depend on the partition or on each other's order.
template <class E>
concept executor = requires(E& exec, std::size_t count, const detail::range_body_archetype& body) {
    exec(count, body);
};

/// Runs the whole range on the calling thread: `body(0, count)`. No threads, no cost.
struct serial_executor {
    /// Calls `body(0, count)` unless the range is empty.
    template <class F>
    void operator()(std::size_t count, F&& body) const {
        if (count > 0) std::forward<F>(body)(std::size_t(0), count);
    }
};

namespace detail {
/// How many threads `exec` runs a range on, for splitting work that is cheaper in fewer
/// pieces: 1 for `serial_executor`, `threads()` for an executor that has it (such as
/// `thread_pool_executor`), and `unknown` for any other.
template <class E>
[[nodiscard]] std::size_t executor_threads(const E& exec, std::size_t unknown) noexcept {
    if constexpr (std::is_same_v<std::remove_cvref_t<E>, serial_executor>) {
        (void)exec;
        return 1;
    } else if constexpr (requires { exec.threads(); }) {
        return static_cast<std::size_t>(exec.threads());
    } else {
        (void)exec;
        return unknown;
    }
}
}  // namespace detail

}  // namespace steer

#endif  // STEER_EXECUTOR_HPP
