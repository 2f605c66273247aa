#ifndef STEER_SCHEDULE_HPP
#define STEER_SCHEDULE_HPP

/// @file
/// Think-rate decoupling (Reynolds 2000, "Realtime Performance"): characters think
/// (choose a new steering force) every `period` frames and keep applying the last one
/// in between; phases are spread so that about 1/period of them think each frame.

#include <cstddef>
#include <cstdint>

#include "detail/expect.hpp"
#include "error.hpp"
#include "random.hpp"  // std::uniform_random_bit_generator without <random>

namespace steer {

/// When each character thinks: every `period` frames, at its own phase.
class think_schedule {
public:
    /// Think every `period` frames; `period` >= 1 (1 = every frame).
    explicit think_schedule(std::uint32_t period, source_location caller = source_location::current())
        : period_(period) {
        detail::expect(period >= 1, "steer::think_schedule", "period", ">= 1", period, caller);
    }

    /// Frames between two thinks of one character.
    [[nodiscard]] std::uint32_t period() const noexcept { return period_; }

    /// A phase drawn uniformly from [0, period): randomized phases spread the load.
    template <std::uniform_random_bit_generator G>
    [[nodiscard]] std::uint32_t random_phase(G& gen) const {
        // Modulo of a full draw: the bias is below period / range, negligible for 32-bit and wider generators.
        const auto draw = static_cast<std::uint64_t>(gen() - G::min());
        return static_cast<std::uint32_t>(draw % period_);
    }

    /// Round-robin phase for the `index`-th character: exactly balanced.
    [[nodiscard]] std::uint32_t phase_for(std::size_t index) const noexcept {
        return static_cast<std::uint32_t>(index % period_);
    }

    /// Whether a character with `phase` thinks on `frame`.
    [[nodiscard]] bool due(std::uint32_t phase, std::uint64_t frame) const noexcept {
        return phase_on(frame) == phase % period_;
    }

    /// The phase in [0, period) that thinks on `frame`: a character whose phase is in that
    /// range (as `random_phase` and `phase_for` give) thinks when its phase equals it. For a
    /// loop over a crowd, one division a frame instead of two a character in `due`.
    [[nodiscard]] std::uint32_t phase_on(std::uint64_t frame) const noexcept {
        return static_cast<std::uint32_t>(frame % period_);
    }

private:
    std::uint32_t period_;
};

}  // namespace steer

#endif  // STEER_SCHEDULE_HPP
