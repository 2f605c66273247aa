// Flock fuzzer: random sequences of add, remove, clear, step, set_position, set_phase and
// set_schedule on two flocks side by side (one stepped serially, one by an executor that
// cuts every range into uneven pieces run last first), agents drawn from the whole finite
// range (coincident, far outliers, huge and denormal limits and neighborhoods). Checks:
// - handles: live ones found, removed and cleared ones refused;
// - the two flocks are bit-identical after every step (results do not depend on the executor);
// - each agent's step is `vehicle::apply_force` with the steering the flock reports, bit for
//   bit; agents not due to think keep their steering;
// - the steering of a thinking agent is `steer::flocking` over the whole flock before the
//   step, wherever that answer is well conditioned: the same, within the tolerance, over the
//   neighbors in reverse order, with every neighborhood 1e-4 larger or smaller, with the
//   agent a little slower, turned or moved, and with the weights 1e-4 apart. (Neighbors on a
//   boundary, and components or sums that are only rounding left over, normalized into a
//   direction, make any order's rounding a different answer: see the note on flocking's
//   normalized residues in the closing report.)
// - separation between centers or between bodies (`separation_spacing`, a personal space
//   from a denormal to huge), fading or not; now and then a refused personal space (<= 0,
//   NaN, infinite): the step is refused with separation's message naming it, and moves nobody;
// - within the promise: finite states and forces, forces within max_force.
// A step that takes longer than libFuzzer's -timeout is reported as a hang.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <vector>

#include <steer/behaviors/flocking.hpp>
#include <steer/flock.hpp>
#include <steer/schedule.hpp>

#include "flocking_conditioning.hpp"
#include "../refusal_of.hpp"
#include "fuzz_input.hpp"
#include "separation_spacing.hpp"
#include "vehicle_bits.hpp"

namespace {

using steer::fuzz::gap;
using steer::fuzz::input;
using steer::fuzz::random_neighborhood;
using steer::fuzz::same_bits;
using steer::fuzz::same_state;

/// An executor as an engine's job system might be: uneven pieces, the last first.
struct scrambling_executor {
    template <class F>
    void operator()(std::size_t count, F&& body) const {
        std::size_t cuts[4] = {0, count / 7, count / 2, count};
        for (std::size_t p = 3; p-- > 0;)
            if (cuts[p] < cuts[p + 1]) body(cuts[p], cuts[p + 1]);
    }
};

template <steer::vector V>
struct harness {
    using S = steer::scalar_t<V>;
    input& in;
    steer::flock<V> serial, scrambled;
    std::vector<steer::flock_id> live, gone;

    explicit harness(input& source) : in(source) {}

    steer::vehicle_params<V> random_params() {
        steer::vehicle_params<V> p{.position = in.vec<V>(),
                                   .velocity = in.vec<V>(),
                                   .radius = in.non_negative<S>(),
                                   .max_force = in.flag() ? S(1) : in.non_negative<S>(),
                                   .max_speed = in.flag() ? S(1) : in.non_negative<S>()};
        if (in.flag()) {  // near a live agent, or on it
            if (!live.empty()) {
                const V at = serial.agent(live[in.pick(static_cast<unsigned>(live.size()))]).position();
                p.position = at + (in.flag() ? V(S(0)) : in.vec<V>() * S(1e-3));
                if (!steer::is_finite(p.position)) p.position = steer::is_finite(at) ? at : V(S(0));
            }
        }
        return p;
    }

    void add() {
        const auto p = random_params();
        const std::uint32_t phase = in.byte();
        const steer::flock_id a = serial.add(steer::vehicle<V>(p), phase);
        const steer::flock_id b = scrambled.add(steer::vehicle<V>(p), phase);
        STEER_FUZZ_CHECK(a == b);
        live.push_back(a);
    }

    void remove() {
        if (live.empty()) return;
        const std::size_t k = in.pick(static_cast<unsigned>(live.size()));
        serial.remove(live[k]);
        scrambled.remove(live[k]);
        gone.push_back(live[k]);
        live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
    }

    void check_handles() {
        STEER_FUZZ_CHECK(serial.size() == live.size() && scrambled.size() == live.size());
        for (const steer::flock_id id : live) STEER_FUZZ_CHECK(serial.contains(id) && scrambled.contains(id));
        for (const steer::flock_id id : gone) {
            STEER_FUZZ_CHECK(!serial.contains(id));
            bool refused = false;
            try {
                (void)serial.agent(id);
            } catch (const std::invalid_argument&) {
                refused = true;
            }
            STEER_FUZZ_CHECK(refused);
        }
    }

    void step() {
        const S dt = in.flag() ? S(1) / S(60) : in.in_range<S>(S(0), S(1));
        const steer::flocking_params<V> p{.separation = random_neighborhood<V>(in),
                                          .alignment = random_neighborhood<V>(in),
                                          .cohesion = random_neighborhood<V>(in),
                                          .separation_weight = in.flag() ? S(1) : in.scalar<S>(),
                                          .alignment_weight = in.flag() ? S(1) : in.scalar<S>(),
                                          .cohesion_weight = in.flag() ? S(1) : in.scalar<S>(),
                                          .separation_fades = in.flag(),
                                          .separation_spacing = steer::fuzz::random_separation_params<V>(in)};
        const std::vector<steer::vehicle<V>> before(serial.vehicles().begin(), serial.vehicles().end());
        if (in.pick(16) == 0) {
            // A refused personal space: the step is refused by name and moves nobody.
            const auto refused = steer::fuzz::random_refused_personal_space<S>(in);
            steer::flocking_params<V> bad = p;
            bad.separation_spacing.personal_space = refused.value;
            STEER_FUZZ_CHECK(steer::fuzz::refuses_personal_space(steer::test::refusal_of([&] { serial.step(dt, bad); }),
                                                                 refused));
            for (std::size_t i = 0; i < before.size(); ++i) STEER_FUZZ_CHECK(same_state(serial.vehicles()[i], before[i]));
            return;
        }
        const std::vector<steer::flock_id> ids(serial.ids().begin(), serial.ids().end());
        std::vector<V> steering_before;
        for (const steer::flock_id id : ids) steering_before.push_back(serial.steering(id));
        const std::uint64_t frame = serial.frame();
        if (steer::fuzz::tracing()) {
            steer::fuzz::trace("before step: distances %.17g %.17g %.17g", double(p.separation.max_distance),
                               double(p.alignment.max_distance), double(p.cohesion.max_distance));
            steer::fuzz::trace("  angles %.17g %.17g %.17g weights %.17g %.17g %.17g", double(p.separation.max_angle),
                               double(p.alignment.max_angle), double(p.cohesion.max_angle), double(p.separation_weight),
                               double(p.alignment_weight), double(p.cohesion_weight));
            for (const auto& v : before) {
                steer::fuzz::trace("  agent at %.17g %.17g %.17g", double(v.position()[0]), double(v.position()[1]),
                                   double(v.position()[steer::dimension_v<V> - 1]));
                steer::fuzz::trace("    velocity %.17g %.17g %.17g forward %.17g %.17g %.17g max_force %.17g max_speed %.17g",
                                   double(v.velocity()[0]), double(v.velocity()[1]),
                                   double(v.velocity()[steer::dimension_v<V> - 1]), double(v.forward()[0]),
                                   double(v.forward()[1]), double(v.forward()[steer::dimension_v<V> - 1]),
                                   double(v.max_force()), double(v.max_speed()));
            }
        }
        serial.step(dt, p);
        scrambled.step(dt, p, steer::no_extra_steering{}, scrambling_executor{});
        steer::fuzz::trace("step: %zu agents, dt %g, frame %llu", ids.size(), double(dt),
                           static_cast<unsigned long long>(frame));

        const double relative = std::is_same_v<S, float> ? 2e-3 : 1e-9;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            const steer::flock_id id = ids[i];
            const steer::vehicle<V>& after = serial.agent(id);
            // The executor changes nothing.
            STEER_FUZZ_CHECK(same_state(after, scrambled.agent(id)));
            STEER_FUZZ_CHECK(same_bits(serial.steering(id), scrambled.steering(id)));
            // The step is apply_force with the reported steering.
            const V force = serial.steering(id);
            STEER_FUZZ_PROMISED(steer::is_finite(force));
            if (!steer::is_finite(force)) continue;  // beyond the promise
            steer::vehicle<V> expected = before[i];
            expected.apply_force(force, dt);
            STEER_FUZZ_CHECK(same_state(after, expected));
            const double max_force = static_cast<double>(before[i].max_force());
            const double slack = 8 * static_cast<double>(std::numeric_limits<S>::denorm_min());
            STEER_FUZZ_PROMISED(static_cast<double>(steer::safe_length(force)) <= max_force * (1 + 1e-5) + slack);
            const bool due = serial.schedule().due(serial.phase(id), frame);
            if (!due) {
                STEER_FUZZ_CHECK(same_bits(force, steering_before[i]));
                continue;
            }
            // Against steer::flocking, where the answer does not hang on rounding.
            const V reference = steer::flocking(before[i], before, p);
            const double tolerance = relative * max_force + slack;
            bool conditioned = steer::is_finite(reference) && steer::fuzz::sums_conditioned(before, i, p);
            conditioned = conditioned && steer::fuzz::flocking_stable(before, i, p, reference, tolerance);
            steer::fuzz::trace("  agent %zu: force vs reference %g (tolerance %g), conditioned %d; force %.9g %.9g %.9g reference %.9g %.9g %.9g", i,
                               gap(force, reference), tolerance, int(conditioned), double(force[0]), double(force[1]),
                               double(force[steer::dimension_v<V> - 1]), double(reference[0]), double(reference[1]),
                               double(reference[steer::dimension_v<V> - 1]));
            if (conditioned && in.within_promise()) STEER_FUZZ_CHECK(gap(force, reference) <= tolerance);
        }
    }

    /// Whether every agent's state is finite (and noted: the promise covers positions up to
    /// `huge`; a wide input's agents can fly past that and overflow).
    bool settled() {
        for (const auto& v : serial.vehicles()) {
            if (!steer::is_finite(v.position()) || !steer::is_finite(v.velocity())) return false;
            in.note<S>(steer::max_abs_component(v.position()));
        }
        return true;
    }

    void run() {
        if (in.flag()) {
            const steer::think_schedule schedule(1 + in.pick(4));
            serial.set_schedule(schedule);
            scrambled.set_schedule(schedule);
        }
        const unsigned first = in.pick(24);
        for (unsigned i = 0; i < first; ++i) add();
        for (int op = 0; op < 24 && !in.empty(); ++op) {
            switch (in.pick(10)) {
                case 0: add(); break;
                case 1: remove(); break;
                case 2:
                    if (in.pick(8) == 0) {
                        serial.clear();
                        scrambled.clear();
                        gone.insert(gone.end(), live.begin(), live.end());
                        live.clear();
                    }
                    break;
                case 3:
                    if (!live.empty()) {
                        const steer::flock_id id = live[in.pick(static_cast<unsigned>(live.size()))];
                        const V to = in.vec<V>();
                        serial.agent(id).set_position(to);
                        scrambled.agent(id).set_position(to);
                    }
                    break;
                case 4:
                    if (!live.empty()) {
                        const steer::flock_id id = live[in.pick(static_cast<unsigned>(live.size()))];
                        const std::uint32_t phase = in.byte();
                        serial.set_phase(id, phase);
                        scrambled.set_phase(id, phase);
                    }
                    break;
                default: step(); break;
            }
            check_handles();
            if (!settled()) {
                STEER_FUZZ_PROMISED(false);  // overflowed within the promise
                return;
            }
        }
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input in(data, size);
    steer::fuzz::with_picked_vector(in, [&]<class V>() { harness<V>(in).run(); });
    return 0;
}
