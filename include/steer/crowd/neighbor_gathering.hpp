#ifndef STEER_CROWD_NEIGHBOR_GATHERING_HPP
#define STEER_CROWD_NEIGHBOR_GATHERING_HPP

/// @file
/// The crowd's inner loops over its grid: which agents are due to think this frame, and the
/// gathering of each one's neighbors, several candidates at a time.

#include <bit>
#include <cstddef>
#include <cstdint>

#include "../detail/always_inline.hpp"
#include "../detail/simd.hpp"
#include "../schedule.hpp"

namespace steer {

namespace detail {

/// `think_schedule::due` for every agent of one frame: the frame's phase taken once, and a
/// period that is a power of two (the usual 1, 2, 4...) taking a mask instead of a division
/// per agent.
class due_phases {
public:
    /// The agents `schedule` has due on `frame`.
    due_phases(const think_schedule& schedule, std::uint64_t frame) noexcept
        : period_(schedule.period()), frame_phase_(schedule.phase_on(frame)), mask_(period_ - 1),
          power_of_two_(std::has_single_bit(period_)) {}
    /// Whether an agent of phase `phase` thinks on the frame.
    [[nodiscard]] bool operator()(std::uint32_t phase) const noexcept {
        return (power_of_two_ ? phase & mask_ : phase % period_) == frame_phase_;
    }

private:
    std::uint32_t period_, frame_phase_, mask_;
    bool power_of_two_;
};

#if defined(__GNUC__) || defined(__clang__)
/// Asks for every cache line of `*object` ahead of its use.
template <class T>
inline void prefetch_object(const T* object) noexcept {
    const char* bytes = reinterpret_cast<const char*>(object);
    for (std::size_t offset = 0; offset < sizeof(T); offset += 64) __builtin_prefetch(bytes + offset);
    __builtin_prefetch(bytes + sizeof(T) - 1);  // the line its end falls on, when it is not aligned
}
#endif

/// The largest `max_neighbors` a crowd takes: an agent's neighbor list lives on the
/// stepping thread's stack (4 KB).
inline constexpr std::size_t crowd_neighbor_limit = 1024;

/// Appends to `out` (holding `size`) the grid positions from `first` to `first + count`
/// whose squared distance to `self` is in [`lo`, `hi`], in order, and returns the new size,
/// stopping at `capacity` or soon after it (the caller cuts the list). `excluded`, when in
/// the run, is left out (the searching agent itself, whose distance 0 is in [lo, hi]), yet
/// counted toward `capacity` once its lane has been tested, as if it were listed: the
/// list stops where it would stop with the agent in it, then taken out. Runs are short (a few
/// candidates): the first 8 lanes are tested whatever the count, so that the loop's exit
/// does not depend on it. Reads up to 8 lanes or a pack past the run, whichever is more, and
/// writes up to 8 entries past the returned size. Always inlined: a search calls it once
/// per row, for a run of a few candidates, and g++ 12 left it out of line in
/// `crowd::gather`, where the calls cost a crowd's step about 4%.
template <class P, int D>
[[nodiscard]] STEER_DETAIL_ALWAYS_INLINE inline std::size_t gather_run(
    const typename P::scalar* const (&position)[std::size_t{D}], std::size_t first, std::size_t count,
    const typename P::pack (&self)[std::size_t{D}], const typename P::pack& lo, const typename P::pack& hi,
    std::uint32_t* out, std::size_t size, std::size_t capacity,
    std::size_t excluded = static_cast<std::size_t>(-1)) noexcept {
    using pack = typename P::pack;
    constexpr std::size_t W = P::width;
    constexpr std::size_t fixed = W >= 8 ? W : 8;
    // Bit l: lane l of the pack at `j` is within [lo, hi].
    const auto test = [&](std::size_t j) {
        pack distance_squared = P::zero();
        for (int d = 0; d < D; ++d) {
            const pack offset = P::load(position[d] + j) - self[d];
            distance_squared = d == 0 ? offset * offset : distance_squared + offset * offset;
        }
        return P::bits((distance_squared >= lo) & (distance_squared <= hi));
    };
    // The lanes inside the run, as bits.
    const auto inside = [](std::size_t lanes) { return lanes >= 32 ? ~0u : (1u << lanes) - 1u; };
    // The bit of `excluded` among the lanes from `from` (none when it is not among them).
    const auto excluded_bit = [excluded](std::size_t from, std::size_t lanes) {
        const std::size_t lane = excluded - from;  // wraps to a huge value below `from`
        return lane < lanes ? 1u << lane : 0u;
    };
    unsigned passed = 0;
    for (std::size_t done = 0; done < fixed; done += W) passed |= test(first + done) << done;
    size += simd::compress_indices(passed & inside(count) & ~excluded_bit(first, fixed), fixed,
                                   static_cast<std::uint32_t>(first), out + size);
    if (count > fixed) [[unlikely]]
        for (std::size_t done = fixed; done < count && size + (excluded - first < done ? 1 : 0) < capacity;
             done += W)
            size += simd::compress_indices(test(first + done) & inside(count - done) & ~excluded_bit(first + done, W),
                                           W, static_cast<std::uint32_t>(first + done), out + size);
    return size;
}

}  // namespace detail

}  // namespace steer

#endif  // STEER_CROWD_NEIGHBOR_GATHERING_HPP
