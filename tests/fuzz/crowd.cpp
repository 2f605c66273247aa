// Crowd fuzzer: random sequences of add (one agent, a stack on one spot, a line, a far
// outlier, agents on or next to others, a line strung out to the promised magnitude),
// remove (live, stale and made-up handles, the agent in the last storage slot), bursts of
// adds and removes between steps, writes through agent(id) and vehicles(),
// set_max_neighbors, reserve (near and past max_reserve), queries and steps, on two crowds
// side by side (one stepped serially, one by an executor that runs uneven chunks last first),
// in 2D and 3D, float and double, with and without per-agent data. Each step's think mixes
// separation, alignment, cohesion, seek and flocking over the neighbors it is given
// (separation and flocking's separation between centers or between bodies, `.bodies`, with
// a personal space from a denormal to huge). A model
// of the crowds' contents (each live handle and its position, kept by the harness from what
// it adds, writes and removes, and from each step once checked) answers every query.
// Checks:
// - handles: live ones found, removed ones refused, a made-up one refused or naming a live
//   agent; every refusal a std::invalid_argument whose message starts "steer::crowd::";
// - the two crowds are bit-identical after every operation (results do not depend on the
//   executor): storage order, handles, vehicles, steering, data;
// - the neighbors handed to a think: never the agent itself, no duplicates, at most
//   max_neighbors, each within the radius (the crowd's own test: squared distance at most
//   min(radius², max)), each the neighbor's vehicle (and data, and its kind of that data)
//   as before the step; and,
//   where the cap cannot choose (no agent has more than max_neighbors others within the
//   radius, and the crowd is at most 32 × max_neighbors), exactly the others within the
//   radius found by brute force;
// - the think's answer equals the same think run over those neighbors as a vector of
//   pointers to the vehicles before the step (the per-vehicle path): bit for bit, except
//   flocking, which runs in lanes over the crowd's neighbors and is compared within the
//   tolerance of the flock fuzzer where its answer is well conditioned;
// - every agent then moved by vehicle::apply_force (and the constraint) with the steering
//   the crowd reports, bit for bit; agents not due to think kept their steering;
// - for_each_within and nearest answer what a scan of the model answers (each agent once,
//   the same squared distances; of equal distances, the smallest id.index), after every
//   operation of a burst of adds and removes too;
// - reserve past max_reserve() is refused with the limit and the request in the message,
//   and changes nothing;
// - a step with a bad dt or radius, or whose think returns a non-finite force, is refused
//   and moves nobody; an accepted step leaves no NaN in any vehicle (within the promise).
// A step that takes longer than libFuzzer's -timeout is reported as a hang: the crowds stay
// under 300 agents, so a step superlinear in them shows.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <steer/behaviors/alignment.hpp>
#include <steer/behaviors/cohesion.hpp>
#include <steer/behaviors/flocking.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/behaviors/separation.hpp>
#include <steer/crowd/crowd.hpp>
#include <steer/schedule.hpp>

#include "flocking_conditioning.hpp"
#include "fuzz_input.hpp"
#include "separation_spacing.hpp"
#include "vehicle_bits.hpp"

namespace {

using steer::fuzz::gap;
using steer::fuzz::input;
using steer::fuzz::same_bits;
using steer::fuzz::same_state;

/// The most agents a crowd gets: enough for the grid's layouts and the cap, few enough that
/// the brute-force references stay quick.
constexpr std::size_t most_agents = 300;

/// An executor as an engine's job system might be: chunks of uneven sizes, the last first.
struct reversed_executor {
    template <class F>
    void operator()(std::size_t count, F&& body) const {
        std::size_t size = 1;
        for (std::size_t end = count; end > 0;) {
            const std::size_t begin = end > size ? end - size : 0;
            body(begin, end);
            end = begin;
            size = size % 7 + 2;
        }
    }
};

template <steer::vector V>
bool has_nan(const V& v) {
    for (int d = 0; d < steer::dimension_v<V>; ++d)
        if (std::isnan(v[d])) return true;
    return false;
}

template <steer::vector V>
bool has_nan(const steer::vehicle<V>& v) {
    return has_nan(v.position()) || has_nan(v.velocity()) || has_nan(v.forward()) || has_nan(v.side()) ||
           has_nan(v.acceleration()) || std::isnan(v.speed());
}

/// Runs `f`; answers whether it was refused, which must be a std::invalid_argument whose
/// message starts "steer::crowd::" (anything else thrown escapes: libFuzzer reports it).
template <class F>
bool refused(F&& f) {
    try {
        f();
    } catch (const std::invalid_argument& e) {
        STEER_FUZZ_CHECK(std::string(e.what()).rfind("steer::crowd::", 0) == 0);
        return true;
    }
    return false;
}

/// The crowd's neighbor test, as its lanes compute it: the squared distance summed in
/// component order, at most the squared radius (capped at the largest finite value).
template <steer::vector V>
bool within(const V& self, const V& other, steer::scalar_t<V> radius) {
    using S = steer::scalar_t<V>;
    S squared = 0;
    for (int d = 0; d < steer::dimension_v<V>; ++d) {
        const S offset = other[d] - self[d];
        const S term = offset * offset;
        squared = d == 0 ? term : squared + term;
    }
    const S limit = std::min(radius * radius, std::numeric_limits<S>::max());
    return squared >= S(0) && squared <= limit;
}

/// An agent's data in the crowds that carry some: how often it thought, and what it heard.
struct mind {
    std::uint32_t thoughts = 0;
    std::uint64_t heard = 0;
};

/// The kind of an agent with data (`crowd::set_kinds`): a mix of both fields, so that every
/// thought and every write between steps changes it.
[[nodiscard]] std::uint32_t kind_of(const mind& m) noexcept {
    return m.thoughts * 2654435761u ^ static_cast<std::uint32_t>(m.heard);
}

/// The mix a step's agents think with: one group behavior or a weighted blend.
template <steer::vector V>
struct mix {
    using S = steer::scalar_t<V>;
    enum kind_t : unsigned { separation, alignment, cohesion, seek, flocking, blend, kinds };
    unsigned kind = separation;
    steer::neighborhood<V> near{};
    steer::separation_params<V> spacing{};  // separation's: between centers or between bodies
    steer::flocking_params<V> boids{};
    V target{};
    S weights[4] = {1, 1, 1, 1};
    bool blend_flocks = false;  // the blend includes flocking

    [[nodiscard]] bool uses_flocking() const { return kind == flocking || (kind == blend && blend_flocks); }

    template <class R>
    V operator()(const steer::vehicle<V>& self, const R& neighbors) const {
        switch (kind) {
            case separation: return steer::separation(self, neighbors, near, spacing);
            case alignment: return steer::alignment(self, neighbors, near);
            case cohesion: return steer::cohesion(self, neighbors, near);
            case seek: return steer::seek(self, target);
            case flocking: return steer::flocking(self, neighbors, boids);
            default: {
                V sum = steer::separation(self, neighbors, near, spacing) * weights[0] +
                        steer::cohesion(self, neighbors, near) * weights[1] + steer::seek(self, target) * weights[2];
                if (blend_flocks) sum += steer::flocking(self, neighbors, boids) * weights[3];
                return sum;
            }
        }
    }
};

/// What the serial crowd's thinks saw, by id index.
template <steer::vector V>
struct thought {
    std::vector<steer::crowd_id> neighbors;  // in the order given
    V steering{};
};

template <steer::vector V, class T>
struct harness {
    using S = steer::scalar_t<V>;
    using crowd_type = steer::crowd<V, T>;
    static constexpr bool has_data = !std::is_void_v<T>;

    input& in;
    crowd_type serial, reversed;
    std::vector<steer::crowd_id> live, gone;
    std::map<std::uint32_t, V> model;  // each live agent's position, by handle index
    V spot{};                      // where stacks go
    V line_start{}, line_step{};  // where lines go
    unsigned line_length = 0;

    explicit harness(input& source, const steer::think_schedule& schedule)
        : in(source), serial(schedule), reversed(schedule) {
        if constexpr (has_data) {
            serial.set_kinds(&kind_of);
            reversed.set_kinds(&kind_of);
        }
    }

    // --- adding -------------------------------------------------------------------------

    steer::vehicle_params<V> random_params(const V& position) {
        steer::vehicle_params<V> p{.position = position,
                                   .velocity = in.flag() ? V(S(0)) : in.vec<V>(),
                                   .radius = in.flag() ? S(0.5) : in.non_negative<S>(),
                                   .max_force = in.flag() ? S(1) : in.non_negative<S>(),
                                   .max_speed = in.flag() ? S(1) : in.non_negative<S>()};
        if (in.pick(4) == 0) {
            const S mass = in.non_negative<S>();
            p.mass = mass > S(0) ? mass : S(1);
            in.note<S>(static_cast<double>(p.max_force) / static_cast<double>(p.mass));
        }
        if (in.pick(4) == 0) p.acceleration_smoothing = in.in_range<S>(S(0), S(2));
        if constexpr (steer::dimension_v<V> == 3)
            if (in.pick(4) == 0) p.banking = true;
        return p;
    }

    /// A position from the placements a crowd meets: anywhere, on or next to a live agent,
    /// on the stack's spot, along the line, or far out.
    V random_position() {
        switch (in.pick(6)) {
            case 0:
                if (!live.empty()) {
                    const V at = std::as_const(serial).agent(live[in.pick(static_cast<unsigned>(live.size()))]).position();
                    const V near = at + (in.flag() ? V(S(0)) : in.vec<V>() * S(1e-3));
                    return steer::is_finite(near) ? near : at;
                }
                return in.vec<V>();
            case 1: return spot;
            case 2: {
                const V at = line_start + line_step * static_cast<S>(line_length++);
                return steer::is_finite(at) ? at : line_start;
            }
            case 3: {  // one far outlier
                V far(S(0));
                far[static_cast<int>(in.pick(steer::dimension_v<V>))] = in.flag() ? in.edge<S>() : -in.edge<S>();
                in.note<S>(steer::max_abs_component(far));
                return far;
            }
            default: return in.vec<V>();
        }
    }

    void add_one(const V& position) { add_vehicle(steer::vehicle<V>(random_params(position))); }

    void add_vehicle(const steer::vehicle<V>& v) {
        if (serial.size() >= most_agents) return;
        steer::crowd_id a, b;
        if (in.pick(4) == 0) {
            const std::uint32_t phase = in.byte();
            if constexpr (has_data) {
                const T data{.thoughts = in.byte(), .heard = 0};
                a = serial.add(v, phase, data);
                b = reversed.add(v, phase, data);
            } else {
                a = serial.add(v, phase);
                b = reversed.add(v, phase);
            }
        } else {
            a = serial.add(v);
            b = reversed.add(v);
        }
        STEER_FUZZ_CHECK(a == b);
        STEER_FUZZ_CHECK(std::find(live.begin(), live.end(), a) == live.end());
        live.push_back(a);
        model[a.index] = v.position();
    }

    /// Many agents from a few bytes: one set of parameters, placed as a stack on one spot,
    /// along the line, or as a cluster of a drawn spread around the spot (positions and
    /// headings from a small generator seeded by the input).
    void add_many() {
        // An input that runs out here (bytes then read as zeros) gets a cluster of 24: short
        // inputs (libFuzzer starts with a few bytes) still step a crowd, quickly.
        const bool drawn = !in.empty();
        const unsigned raw = in.byte() ^ 0x17u;
        const unsigned count = raw < 16 ? 1 + raw % 8 : 1 + raw + (raw > 200 ? in.byte() / 2u : 0u);
        const unsigned how = drawn ? in.pick(5) : 2;
        const steer::vehicle_params<V> shape = random_params(spot);
        const S spread = !drawn ? S(4) : in.flag() ? in.in_range<S>(S(0), S(8)) : in.non_negative<S>();
        const S speed = in.flag() ? S(0) : in.in_range<S>(S(0), S(2));
        std::uint32_t state = 2654435761u * (1u + in.byte());
        const auto uniform = [&state] {  // in [-1, 1)
            state = state * 1664525u + 1013904223u;
            return static_cast<S>(static_cast<double>(state >> 8) / 8388608.0 - 1.0);
        };
        for (unsigned i = 0; i < count && serial.size() < most_agents; ++i) {
            steer::vehicle_params<V> p = shape;
            if (how == 1) {
                p.position = line_start + line_step * static_cast<S>(line_length++);
                if (!steer::is_finite(p.position)) p.position = line_start;
            } else if (how == 2) {
                V offset;
                for (int d = 0; d < steer::dimension_v<V>; ++d) offset[d] = uniform();
                p.position = spot + offset * spread;
                if (!steer::is_finite(p.position)) p.position = spot;
                for (int d = 0; d < steer::dimension_v<V>; ++d) p.velocity[d] = uniform() * speed;
            } else if (how == 3) {
                p.position = random_position();
            } else if (how == 4) {
                p.position = far_line_point(i, count);
            }
            add_vehicle(steer::vehicle<V>(p));
        }
    }

    /// The i-th of `count` points strung along an axis (drawn once per input) from about half
    /// the promised magnitude to nearly all of it, on either side, a drawn number of rounding
    /// steps apart, sometimes on top of each other: where the grid's keys count rounding
    /// steps, and nobody but coincident agents can be neighbors.
    V far_line_point(unsigned i, unsigned count) {
        if (far_axis < 0) {
            far_axis = static_cast<int>(in.pick(steer::dimension_v<V>));
            far_sign = in.flag() ? S(1) : S(-1);
            far_from = in.in_range<S>(S(0.5), S(0.9));
            far_gap = 1 + in.pick(1000);
        }
        V p(S(0));
        const S top = steer::fuzz::huge<S>();
        S t = far_sign * far_from * top;
        for (unsigned k = 0; k < (i * far_gap) / 2 && k < 4096; ++k)  // pairs share a point
            t = std::nextafter(t, far_sign * std::numeric_limits<S>::infinity());
        (void)count;
        p[far_axis] = t;
        in.note<S>(std::abs(t));
        return p;
    }
    int far_axis = -1;
    S far_sign = 1, far_from = S(0.5);
    unsigned far_gap = 1;

    // --- handles ------------------------------------------------------------------------

    void remove() {
        if (!live.empty() && in.pick(4) != 0) {
            const std::size_t k = in.pick(static_cast<unsigned>(live.size()));
            STEER_FUZZ_CHECK(!refused([&] { serial.remove(live[k]); }));
            STEER_FUZZ_CHECK(!refused([&] { reversed.remove(live[k]); }));
            gone.push_back(live[k]);
            model.erase(live[k].index);
            live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
            return;
        }
        // A stale or made-up handle: refused, or (made up) naming a live agent.
        steer::crowd_id id;
        if (!gone.empty() && in.flag()) {
            id = gone[in.pick(static_cast<unsigned>(gone.size()))];
        } else {
            id.index = in.flag() ? in.pick(8) : static_cast<std::uint32_t>(in.pick(1u << 31) * 2u);
            id.generation = in.flag() ? in.pick(3) : std::numeric_limits<std::uint32_t>::max() - in.pick(2);
        }
        const bool is_live = std::find(live.begin(), live.end(), id) != live.end();
        STEER_FUZZ_CHECK(serial.contains(id) == is_live && reversed.contains(id) == is_live);
        if (is_live) return;
        STEER_FUZZ_CHECK(refused([&] { serial.remove(id); }));
        STEER_FUZZ_CHECK(refused([&] { (void)serial.agent(id); }));
        STEER_FUZZ_CHECK(refused([&] { (void)std::as_const(serial).agent(id); }));
        STEER_FUZZ_CHECK(refused([&] { (void)serial.steering(id); }));
        STEER_FUZZ_CHECK(refused([&] { (void)serial.phase(id); }));
        STEER_FUZZ_CHECK(refused([&] { serial.set_phase(id, 1); }));
        if constexpr (has_data) STEER_FUZZ_CHECK(refused([&] { (void)serial.data(id); }));
        STEER_FUZZ_CHECK(refused([&] { reversed.remove(id); }));
    }

    void check_handles() {
        STEER_FUZZ_CHECK(serial.size() == live.size() && reversed.size() == live.size());
        for (const steer::crowd_id id : live) STEER_FUZZ_CHECK(serial.contains(id) && reversed.contains(id));
        for (const steer::crowd_id id : gone) STEER_FUZZ_CHECK(!serial.contains(id) && !reversed.contains(id));
        const auto ids = std::as_const(serial).ids();
        std::set<std::pair<std::uint32_t, std::uint32_t>> stored, expected;
        for (const steer::crowd_id id : ids) stored.insert({id.index, id.generation});
        for (const steer::crowd_id id : live) expected.insert({id.index, id.generation});
        STEER_FUZZ_CHECK(stored == expected);
    }

    /// The two crowds hold the same agents, in the same storage order, to the bit.
    void check_same() {
        const crowd_type& a = serial;
        const crowd_type& b = reversed;
        STEER_FUZZ_CHECK(a.size() == b.size() && a.frame() == b.frame() && a.max_neighbors() == b.max_neighbors());
        for (std::size_t i = 0; i < a.size(); ++i) {
            STEER_FUZZ_CHECK(a.ids()[i] == b.ids()[i]);
            STEER_FUZZ_CHECK(same_state(a.vehicles()[i], b.vehicles()[i]));
            STEER_FUZZ_CHECK(same_bits(a.steering_forces()[i], b.steering_forces()[i]));
            STEER_FUZZ_CHECK(a.phase(a.ids()[i]) == b.phase(b.ids()[i]));
            if constexpr (has_data) {
                STEER_FUZZ_CHECK(a.data()[i].thoughts == b.data()[i].thoughts);
                STEER_FUZZ_CHECK(a.data()[i].heard == b.data()[i].heard);
            }
        }
    }

    // --- writes -------------------------------------------------------------------------

    void write() {
        if (live.empty()) return;
        const steer::crowd_id id = live[in.pick(static_cast<unsigned>(live.size()))];
        const unsigned what = in.pick(4);
        const V to = what == 0 || what == 2 ? random_position() : in.vec<V>();
        if (what == 2) {  // through vehicles(), by storage order (the same in both crowds)
            const auto ids = std::as_const(serial).ids();
            const auto k = static_cast<std::size_t>(std::find(ids.begin(), ids.end(), id) - ids.begin());
            STEER_FUZZ_CHECK(k < ids.size());
            serial.vehicles()[k].set_position(to);
            reversed.vehicles()[k].set_position(to);
            model[id.index] = to;
            return;
        }
        for (crowd_type* c : {&serial, &reversed}) {
            if (what == 0) c->agent(id).set_position(to), model[id.index] = to;
            else if (what == 1) c->agent(id).set_velocity(to);
            else if constexpr (has_data) c->data(id).heard = 7;
            else c->set_phase(id, 3);
        }
    }

    void set_max_neighbors() {
        const std::size_t k = in.pick(8) == 0 ? in.pick(2000) : 1 + in.pick(in.flag() ? 8 : 80);
        const bool bad = k < 1 || k > 1024;
        STEER_FUZZ_CHECK(refused([&] { serial.set_max_neighbors(k); }) == bad);
        STEER_FUZZ_CHECK(refused([&] { reversed.set_max_neighbors(k); }) == bad);
        if (!bad) STEER_FUZZ_CHECK(serial.max_neighbors() == k);
    }

    // --- queries ------------------------------------------------------------------------

    void query() {
        const V center = in.flag() ? random_position() : in.vec<V>();
        const S radius = in.flag() ? in.in_range<S>(S(0), S(3)) : in.non_negative<S>();
        if (in.pick(16) == 0) {  // refused: a negative radius
            const S bad = -(radius > S(0) ? radius : S(1));
            STEER_FUZZ_CHECK(refused([&] { std::as_const(serial).for_each_within(center, bad, [](steer::crowd_id, S) {}); }));
            STEER_FUZZ_CHECK(refused([&] { (void)std::as_const(serial).nearest(center, bad); }));
            return;
        }
        check_query(center, radius);
    }

    /// Both crowds' for_each_within and nearest against a scan of the model.
    void check_query(const V& center, S radius) {
        for (const crowd_type* c : {&serial, &reversed}) {
            std::map<std::uint32_t, S> expected;
            std::optional<steer::crowd_id> closest;
            S best = 0;
            for (const steer::crowd_id id : live) {
                const V offset = model.at(id.index) - center;
                const S d2 = glm::dot(offset, offset);
                if (!(d2 <= radius * radius)) continue;
                expected[id.index] = d2;
                if (!closest || d2 < best || (d2 == best && id.index < closest->index)) {
                    closest = id;
                    best = d2;
                }
            }
            std::map<std::uint32_t, S> got;
            c->for_each_within(center, radius, [&](steer::crowd_id id, S d2) {
                STEER_FUZZ_CHECK(c->contains(id));
                STEER_FUZZ_CHECK(got.emplace(id.index, d2).second);  // once each
            });
            STEER_FUZZ_CHECK(got.size() == expected.size());
            for (const auto& [index, d2] : expected) {
                const auto it = got.find(index);
                STEER_FUZZ_CHECK(it != got.end() && same_bits(it->second, d2));
            }
            STEER_FUZZ_CHECK(c->nearest(center, radius) == closest);
        }
    }

    /// A burst of adds and removes between two steps (the agent in the last storage slot
    /// among those removed: after an add, the one just added), each followed by a query at
    /// the agent concerned, against the model.
    void churn() {
        const unsigned count = 1 + in.pick(12);
        for (unsigned k = 0; k < count && !in.empty(); ++k) {
            V at = spot;
            switch (in.pick(3)) {
                case 0:
                    if (serial.size() < most_agents) {
                        at = random_position();
                        add_one(at);
                    }
                    break;
                case 1: {  // the agent in the last slot
                    const auto ids = std::as_const(serial).ids();
                    if (ids.empty()) break;
                    const steer::crowd_id last = ids.back();
                    STEER_FUZZ_CHECK(std::as_const(reversed).ids().back() == last);
                    at = model.at(last.index);
                    STEER_FUZZ_CHECK(!refused([&] { serial.remove(last); }));
                    STEER_FUZZ_CHECK(!refused([&] { reversed.remove(last); }));
                    gone.push_back(last);
                    model.erase(last.index);
                    live.erase(std::find(live.begin(), live.end(), last));
                    break;
                }
                default:
                    if (!live.empty()) at = model.at(live[in.pick(static_cast<unsigned>(live.size()))].index);
                    remove();
                    break;
            }
            check_query(at, in.flag() ? S(0) : in.in_range<S>(S(0), S(2)));
            check_handles();
        }
    }

    /// Reserve requests near and past the limit: past it, refused with the limit and the
    /// request in the message, changing nothing; a small one, accepted.
    void reserve() {
        const std::size_t most = crowd_type::max_reserve();
        std::size_t n = in.pick(400);
        switch (in.pick(4)) {
            case 0: n = most + 1 + in.pick(1000); break;
            case 1: n = std::numeric_limits<std::size_t>::max() - in.pick(1000); break;
            case 2: n = sizeof(std::size_t) == 8 ? static_cast<std::size_t>(std::uint64_t(1) << (33 + in.pick(20))) : most + 1; break;
            default: break;
        }
        const bool past = n > most;
        for (crowd_type* c : {&serial, &reversed}) {
            try {
                c->reserve(n);
                STEER_FUZZ_CHECK(!past);
            } catch (const std::invalid_argument& e) {
                STEER_FUZZ_CHECK(past);
                STEER_FUZZ_CHECK(std::string(e.what()) == "steer::crowd::reserve: n must be at most " +
                                                              std::to_string(most) + " (got " + std::to_string(n) + ")");
            }
        }
    }

    // --- steps --------------------------------------------------------------------------

    mix<V> random_mix() {
        mix<V> m;
        m.kind = in.pick(mix<V>::kinds);
        m.near = steer::fuzz::random_neighborhood<V>(in);
        m.boids = {.separation = steer::fuzz::random_neighborhood<V>(in),
                   .alignment = steer::fuzz::random_neighborhood<V>(in),
                   .cohesion = steer::fuzz::random_neighborhood<V>(in),
                   .separation_weight = in.flag() ? S(1) : in.in_range<S>(S(-4), S(4)),
                   .alignment_weight = in.flag() ? S(1) : in.in_range<S>(S(-4), S(4)),
                   .cohesion_weight = in.flag() ? S(1) : in.in_range<S>(S(-4), S(4)),
                   .separation_fades = in.flag(),
                   .separation_spacing = steer::fuzz::random_separation_params<V>(in)};
        m.spacing = steer::fuzz::random_separation_params<V>(in);
        m.target = in.flag() ? spot : in.vec<V>();
        for (S& w : m.weights) w = in.flag() ? S(1) : in.in_range<S>(S(-2), S(2));
        m.blend_flocks = in.flag();
        return m;
    }

    void step() {
        const bool drawn = !in.empty();  // an input that ran out: a step of 1/60 s, radius 1.5
        const unsigned bad = drawn ? in.pick(24) : 24;  // 0: a bad dt, 1: a bad radius, 2: a think's NaN
        S dt = !drawn || in.flag() ? S(1) / S(60) : in.in_range<S>(S(0), S(1));
        S radius = !drawn ? S(1.5) : in.flag() ? in.in_range<S>(S(0), S(3)) : in.non_negative<S>();
        if (bad == 0) dt = in.flag() ? -dt - S(1) : std::numeric_limits<S>::quiet_NaN();
        if (bad == 1) radius = in.flag() ? -radius - S(1) : std::numeric_limits<S>::infinity();
        const mix<V> think = random_mix();
        const bool constrained = in.flag();
        const S floor = in.flag() ? S(0) : in.scalar<S>();
        // The constraint: nobody below the floor along the second axis, nor moving down there.
        const auto keep_above = [floor](steer::vehicle<V>& v) {
            V p = v.position();
            if (!(p[1] < floor)) return;
            p[1] = floor;
            V u = v.velocity();
            u[1] = std::max(u[1], S(0));
            v.set_position(p);
            v.set_velocity(u);
        };
        const steer::crowd_id poisoned = bad == 2 && !live.empty() ? live[in.pick(static_cast<unsigned>(live.size()))]
                                                                    : steer::crowd_id{};

        // The state before the step, by id index.
        std::map<std::uint32_t, steer::vehicle<V>> before;
        std::map<std::uint32_t, V> steering_before;
        std::map<std::uint32_t, mind> data_before;
        std::vector<steer::crowd_id> order;
        for (std::size_t i = 0; i < serial.size(); ++i) {
            const steer::crowd_id id = std::as_const(serial).ids()[i];
            order.push_back(id);
            before.emplace(id.index, std::as_const(serial).vehicles()[i]);
            steering_before.emplace(id.index, std::as_const(serial).steering_forces()[i]);
            if constexpr (has_data) data_before.emplace(id.index, std::as_const(serial).data()[i]);
        }
        const std::uint64_t frame = serial.frame();
        const std::size_t cap = serial.max_neighbors();

        // The serial crowd's thinks record what they saw and check it as they go.
        std::map<std::uint32_t, thought<V>> seen;
        bool non_finite = false;
        const auto record = [&](steer::crowd_id id, const steer::vehicle<V>& self, const auto& neighbors, mind* mine) {
            STEER_FUZZ_CHECK(before.count(id.index) == 1 && same_state(self, before.at(id.index)));
            STEER_FUZZ_CHECK(neighbors.size() <= cap);
            thought<V>& t = seen[id.index];
            STEER_FUZZ_CHECK(t.neighbors.empty());  // thinks once
            std::set<std::uint32_t> once;
            for (std::size_t i = 0; i < neighbors.size(); ++i) {
                const steer::crowd_id other = neighbors.id(i);
                STEER_FUZZ_CHECK(!(other == id));
                STEER_FUZZ_CHECK(once.insert(other.index).second);
                STEER_FUZZ_CHECK(before.count(other.index) == 1);
                STEER_FUZZ_CHECK(same_state(neighbors[i], before.at(other.index)));
                STEER_FUZZ_CHECK(within(self.position(), neighbors[i].position(), radius));
                if constexpr (has_data) {
                    const mind& theirs = neighbors.data(i);
                    STEER_FUZZ_CHECK(theirs.thoughts == data_before.at(other.index).thoughts &&
                                     theirs.heard == data_before.at(other.index).heard);
                    STEER_FUZZ_CHECK(neighbors.kind(i) == kind_of(theirs));
                }
                t.neighbors.push_back(other);
            }
            if (mine != nullptr) {
                ++mine->thoughts;
                for (std::size_t i = 0; i < neighbors.size(); ++i)
                    if constexpr (has_data) mine->heard += neighbors.data(i).thoughts;
            }
            V force = id == poisoned ? V(std::numeric_limits<S>::quiet_NaN()) : think(self, neighbors);
            t.steering = force;
            if (!steer::is_finite(force)) non_finite = true;
            return force;
        };
        const auto plain = [&](steer::crowd_id id, const steer::vehicle<V>& self, const auto& neighbors, mind* mine) {
            if (mine != nullptr) {
                ++mine->thoughts;
                for (std::size_t i = 0; i < neighbors.size(); ++i)
                    if constexpr (has_data) mine->heard += neighbors.data(i).thoughts;
            }
            return id == poisoned ? V(std::numeric_limits<S>::quiet_NaN()) : think(self, neighbors);
        };
        // Steps `c` with `think_fn` (and the constraint, if this step has one) through `exec`;
        // answers whether the step was refused.
        const auto stepped = [&](crowd_type& c, const auto& think_fn, const auto& constrain, const auto& exec) {
            return refused([&] {
                if (constrained) c.step(dt, radius, think_fn, constrain, exec);
                else c.step(dt, radius, think_fn, exec);
            });
        };
        bool serial_refused = false, reversed_refused = false;
        if constexpr (has_data) {
            const auto constrain = [&](steer::crowd_id, steer::vehicle<V>& v, T&) { keep_above(v); };
            serial_refused = stepped(
                serial,
                [&](steer::crowd_id id, const steer::vehicle<V>& self, T& mine, const auto& n) {
                    return record(id, self, n, &mine);
                },
                constrain, steer::serial_executor{});
            reversed_refused = stepped(
                reversed,
                [&](steer::crowd_id id, const steer::vehicle<V>& self, T& mine, const auto& n) {
                    return plain(id, self, n, &mine);
                },
                constrain, reversed_executor{});
        } else {
            const auto constrain = [&](steer::crowd_id, steer::vehicle<V>& v) { keep_above(v); };
            serial_refused = stepped(
                serial,
                [&](steer::crowd_id id, const steer::vehicle<V>& self, const auto& n) {
                    return record(id, self, n, nullptr);
                },
                constrain, steer::serial_executor{});
            reversed_refused = stepped(
                reversed,
                [&](steer::crowd_id id, const steer::vehicle<V>& self, const auto& n) {
                    return plain(id, self, n, nullptr);
                },
                constrain, reversed_executor{});
        }
        steer::fuzz::trace("step: %zu agents, dt %g, radius %g, kind %u, refused %d", order.size(), double(dt),
                           double(radius), think.kind, int(serial_refused));
        STEER_FUZZ_CHECK(serial_refused == reversed_refused);
        const bool bad_arguments = !(std::isfinite(dt) && dt >= S(0) && std::isfinite(radius) && radius >= S(0));
        STEER_FUZZ_CHECK(serial_refused == (bad_arguments || non_finite));
        if (serial_refused) {  // nobody moved, nothing changed
            STEER_FUZZ_CHECK(serial.frame() == frame && reversed.frame() == frame);
            for (const crowd_type* c : {&serial, &reversed})
                for (const steer::crowd_id id : order) {
                    STEER_FUZZ_CHECK(same_state(c->agent(id), before.at(id.index)));
                    STEER_FUZZ_CHECK(same_bits(c->steering(id), steering_before.at(id.index)));
                    if constexpr (has_data)
                        STEER_FUZZ_CHECK(c->data(id).thoughts == data_before.at(id.index).thoughts &&
                                         c->data(id).heard == data_before.at(id.index).heard);
                }
            return;
        }
        STEER_FUZZ_CHECK(serial.frame() == frame + 1);

        // Where the cap cannot choose, the lists are exactly the others within the radius.
        std::map<std::uint32_t, std::set<std::uint32_t>> brute;
        bool whole = order.size() <= 32 * cap;
        for (const steer::crowd_id a : order) {
            std::set<std::uint32_t>& mine = brute[a.index];
            for (const steer::crowd_id b : order)
                if (!(a == b) && within(before.at(a.index).position(), before.at(b.index).position(), radius))
                    mine.insert(b.index);
            if (mine.size() > cap) whole = false;
        }

        const double relative = std::is_same_v<S, float> ? 2e-3 : 1e-9;
        const double slack = 8 * static_cast<double>(std::numeric_limits<S>::denorm_min());
        for (const steer::crowd_id id : order) {
            const steer::vehicle<V>& old = before.at(id.index);
            const steer::vehicle<V>& now = std::as_const(serial).agent(id);
            const V force = serial.steering(id);
            const bool due = serial.schedule().due(serial.phase(id), frame);
            const auto it = seen.find(id.index);
            STEER_FUZZ_CHECK((it != seen.end()) == due);
            // The step is apply_force with the reported steering, then the constraint.
            steer::vehicle<V> expected = old;
            expected.apply_force(force, dt);
            if (constrained) keep_above(expected);
            STEER_FUZZ_CHECK(same_state(now, expected));
            // No NaN within the finite-input promise (docs/errors.md); beyond it, sums of huge
            // forces may overflow (a wide input once stepped a vehicle to NaN through
            // apply_force, the same on the per-vehicle path: tests/fuzz/corpus/crowd/regress_wide_nan).
            STEER_FUZZ_PROMISED(!has_nan(now));
            STEER_FUZZ_PROMISED(steer::is_finite(now.position()) && steer::is_finite(now.velocity()));
            if constexpr (has_data) {
                const mind& after = std::as_const(serial).data(id);
                STEER_FUZZ_CHECK(after.thoughts == data_before.at(id.index).thoughts + (due ? 1u : 0u));
            }
            if (!due) {
                STEER_FUZZ_CHECK(same_bits(force, steering_before.at(id.index)));
                continue;
            }
            const thought<V>& t = it->second;
            STEER_FUZZ_CHECK(same_bits(force, t.steering));
            if (whole) {
                std::set<std::uint32_t> listed;
                for (const steer::crowd_id n : t.neighbors) listed.insert(n.index);
                STEER_FUZZ_CHECK(listed == brute.at(id.index));
            }
            // The per-vehicle path: the same think over the same neighbors, as pointers to
            // the vehicles before the step.
            std::vector<const steer::vehicle<V>*> pointers;
            for (const steer::crowd_id n : t.neighbors) pointers.push_back(&before.at(n.index));
            const V reference = think(old, pointers);
            if (!think.uses_flocking()) {
                STEER_FUZZ_CHECK(same_bits(force, reference));
                continue;
            }
            // Flocking in lanes: the same force up to the rounding of sums in another order,
            // where the answer does not hang on that rounding.
            std::vector<steer::vehicle<V>> group;
            for (const steer::vehicle<V>* n : pointers) group.push_back(*n);
            group.push_back(old);
            const std::size_t self = group.size() - 1;
            const V flocking_reference = steer::flocking(group[self], group, think.boids);
            const double tolerance = relative * static_cast<double>(old.max_force()) + slack;
            const bool conditioned = steer::is_finite(flocking_reference) &&
                                     steer::fuzz::sums_conditioned(group, self, think.boids) &&
                                     steer::fuzz::flocking_stable(group, self, think.boids, flocking_reference, tolerance);
            if (think.kind == mix<V>::flocking) {
                if (conditioned && in.within_promise()) STEER_FUZZ_CHECK(gap(force, reference) <= tolerance);
            } else if (conditioned && in.within_promise()) {
                // The blend: its other terms are the same bits, its flocking term is within the
                // tolerance times its weight, and the sum rounds each way by a few epsilon of
                // its terms.
                const double eps = static_cast<double>(std::numeric_limits<S>::epsilon());
                const double w[4] = {std::abs(static_cast<double>(think.weights[0])),
                                     std::abs(static_cast<double>(think.weights[1])),
                                     std::abs(static_cast<double>(think.weights[2])),
                                     std::abs(static_cast<double>(think.weights[3]))};
                const double terms = w[0] * gap(steer::separation(old, pointers, think.near, think.spacing), V(S(0))) +
                                     w[1] * gap(steer::cohesion(old, pointers, think.near), V(S(0))) +
                                     w[2] * gap(steer::seek(old, think.target), V(S(0))) +
                                     w[3] * gap(flocking_reference, V(S(0)));
                STEER_FUZZ_CHECK(gap(force, reference) <= w[3] * tolerance + 16 * eps * terms + slack);
            }
        }
    }

    /// After a step, which `step` checked agent by agent against vehicle::apply_force (and
    /// the constraint): the model takes the agents' new positions.
    void moved_in_model() {
        for (const steer::crowd_id id : live) model[id.index] = std::as_const(serial).agent(id).position();
    }

    /// Whether every agent's state is finite (and noted: the promise covers positions up to
    /// `huge`; a wide input's agents can fly past that and overflow).
    bool settled() {
        for (const auto& v : std::as_const(serial).vehicles()) {
            if (!steer::is_finite(v.position()) || !steer::is_finite(v.velocity())) return false;
            in.note<S>(steer::max_abs_component(v.position()));
        }
        return true;
    }

    /// The checks after each operation; false once the agents overflowed (then the run stops).
    bool checked() {
        check_handles();
        check_same();
        if (settled()) return true;
        STEER_FUZZ_PROMISED(false);  // overflowed within the promise
        return false;
    }

    void run() {
        spot = in.vec<V>();
        line_start = in.vec<V>();
        line_step = in.flag() ? in.vec<V>() * S(1e-2) : in.vec<V>();
        in.note<S>(static_cast<double>(steer::max_abs_component(line_start)) +
                   300 * static_cast<double>(steer::max_abs_component(line_step)));
        if (in.flag()) set_max_neighbors();
        if (!in.flag()) add_many();
        bool stepped = false;
        for (int op = 0; op < 32 && !in.empty(); ++op) {
            switch (in.pick(14)) {
                case 0: add_one(random_position()); break;
                case 1: add_many(); break;
                case 2: remove(); break;
                case 3: write(); break;
                case 4: set_max_neighbors(); break;
                case 5:
                case 6: query(); break;
                case 7: churn(); break;
                case 8: reserve(); break;
                default:
                    step();
                    moved_in_model();
                    stepped = true;
                    break;
            }
            if (!checked()) return;
        }
        if (!stepped) {  // every input steps at least once
            step();
            moved_in_model();
            (void)checked();
        }
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input in(data, size);
    const bool with_data = in.flag();
    const steer::think_schedule schedule(in.flag() ? 1 : 1 + in.pick(4));
    steer::fuzz::with_picked_vector(in, [&]<class V>() {
        if (with_data) harness<V, mind>(in, schedule).run();
        else harness<V, void>(in, schedule).run();
    });
    return 0;
}
