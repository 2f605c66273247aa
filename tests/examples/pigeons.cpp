// The pigeon example's model (examples/pigeons/park.hpp) against the claims of Reynolds 2000,
// "Case study: Pigeons in the Park", "Reacting to the User" and "Realtime Performance". The
// avatar neighborhood's shape itself is tested with the library
// (tests/steer/world/avatar_neighborhood.cpp), the crowd with the library too
// (tests/steer/crowd/crowd.cpp).

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <pigeons/census.hpp>
#include <pigeons/park.hpp>
#include <steer/thread_pool.hpp>

#include "test_util.hpp"

namespace {

using pigeons::cause;
using pigeons::vec3;
using pigeons::park;

/// A quiet park: no car, no scheduled claps.
pigeons::park_config quiet(std::size_t birds = 280, std::uint64_t seed = 1) {
    pigeons::park_config c = pigeons::park_config::for_birds(birds);
    c.seed = seed;
    c.car = false;
    c.claps.clear();
    return c;
}

void run(park& p, float seconds) {
    const auto frames = static_cast<int>(std::lround(seconds * p.config().frame_hz));
    for (int f = 0; f < frames; ++f) p.step();
}

/// The bird nearest the walking birds' centre.
std::size_t central_bird(const park& p) {
    vec3 center(0);
    for (const auto& b : p.birds()) center += b.body.position();
    center /= static_cast<float>(p.size());
    std::size_t best = 0;
    float best_d2 = INFINITY;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const float d2 = steer::distance_squared(p.body(i).position(), center);
        if (d2 < best_d2) {
            best_d2 = d2;
            best = i;
        }
    }
    return best;
}

/// Flight of a lone bird startled now: seconds until it lands, and the length of its path.
struct flight {
    float seconds = 0;
    float path = 0;
};
flight fly_until_landed(park& p, std::size_t i, float limit = 60) {
    flight f;
    while (p.bird_at(i).flying && f.seconds < limit) {
        const vec3 before = p.body(i).position();
        p.step();
        f.seconds += p.config().frame_seconds();
        f.path += glm::length(p.body(i).position() - before);
    }
    return f;
}

}  // namespace

TEST_CASE("pigeons: a clap makes every bird within its radius take off, and no other") {
    park p(quiet());
    run(p, 1);
    const float radius = 4;
    const vec3 center = p.busiest_spot(radius);
    std::vector<bool> inside;
    std::size_t expected = 0;
    for (const auto& b : p.birds()) {
        inside.push_back(glm::distance(b.body.position(), center) <= radius);
        expected += inside.back() ? 1u : 0u;
    }
    REQUIRE(expected >= 20);  // a clap over a crowd, not over one bird
    const std::size_t startled = p.clap(center, radius);
    CHECK(startled == expected);
    CHECK(p.takeoffs(cause::clap) == expected);
    for (std::size_t i = 0; i < p.size(); ++i) {
        CHECK(p.bird_at(i).flying == inside[i]);
        if (inside[i]) CHECK(p.bird_at(i).annoyance >= 1.0f);
    }
    REQUIRE(p.claps().size() == 1);
    CHECK(p.claps()[0].startled == expected);
}

/// The walking birds within `radius` of `spot`, and the most around any walking bird
/// (counted the plain way: around every walking bird, against every bird).
std::pair<std::size_t, std::size_t> walkers_around(const park& p, const vec3& spot, float radius) {
    const auto birds = p.birds();
    const auto count = [&](const vec3& center) {
        std::size_t walkers = 0;
        for (const auto& b : birds) walkers += !b.flying && glm::distance(b.body.position(), center) <= radius ? 1u : 0u;
        return walkers;
    };
    std::size_t most = 0;
    for (const auto& b : birds)
        if (!b.flying) most = std::max(most, count(b.body.position()));
    return {count(spot), most};
}

TEST_CASE("pigeons: the clap's spot is a walking bird with nearly the most walking birds around it") {
    // busiest_spot counts exactly only around the 256 walkers with the largest herds (the
    // walkers within 2.5 m at their last thought); the spot must hold nearly as many walkers
    // as the busiest walker's, found by counting around every walker.
    park p(pigeons::park_config::for_birds(2000));
    // At 1 s (feeding), 13 s (just after the car's waves), 15 and 17 s (flying, landing).
    std::size_t compared = 0;
    for (const float seconds : {1.0f, 12.0f, 2.0f, 2.0f}) {
        run(p, seconds);
        for (const float radius : {1.5f, 2.5f, 7.0f, 25.0f}) {
            CAPTURE(p.time());
            CAPTURE(radius);
            const vec3 spot = p.busiest_spot(radius);
            const auto [here, most] = walkers_around(p, spot, radius);
            MESSAGE("t " << p.time() << " s, radius " << radius << ": " << here << " walkers at the spot, " << most
                         << " at the busiest");
            CHECK(here >= 0.85 * static_cast<double>(most));
            CHECK(std::abs(p.config().ground.altitude(spot)) < 1e-4f);  // a walking bird's place
            ++compared;
        }
    }
    CHECK(pigeons::flying_count(p) > 0);  // the later searches skipped flying birds
    CHECK(compared == 16);
    for (const float bad : {-1.0f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
        CAPTURE(bad);
        CHECK_THROWS_WITH_AS((void)p.busiest_spot(bad), doctest::Contains("radius"), std::invalid_argument);
    }
}

TEST_CASE("pigeons: one startled bird in a dense flock sets off a take-off wave") {
    // Contagion (Reynolds 2000): a walking bird takes off when the share of nearby birds that
    // just took off passes its threshold. Thresholds are drawn per bird, so a wave's size
    // varies with the seed; over several flocks, one startle brings up many birds.
    std::size_t total = 0, largest = 0;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        park p(quiet(280, seed));
        run(p, 0.5f);
        p.startle(central_bird(p), p.body(central_bird(p)).position() + vec3(1, 0, 0));
        run(p, 2.5f);
        const std::size_t wave = p.takeoffs(cause::contagion);
        MESSAGE("seed " << seed << ": 1 bird startled, " << wave << " more took off by contagion");
        CHECK(p.takeoffs(cause::other) == 1);
        total += wave;
        largest = std::max(largest, wave);
    }
    CHECK(total >= 5 * 10);  // on average at least ten times the birds directly startled
    CHECK(largest >= 50);
}

TEST_CASE("pigeons: flying birds land again") {
    park p(quiet());
    run(p, 1);
    CHECK(p.clap(p.busiest_spot(100), 100) == 280);
    CHECK(pigeons::flying_count(p) == 280);
    float seconds = 0;
    while (pigeons::flying_count(p) > 0 && seconds < 20) {
        run(p, 0.5f);
        seconds += 0.5f;
    }
    MESSAGE("all 280 birds landed within " << seconds << " s");
    CHECK(pigeons::flying_count(p) == 0);
    CHECK(p.landings() >= 280);
}

TEST_CASE("pigeons: a startled flock flies together") {
    // The flying birds' separation, alignment and cohesion keep them a flock: each stays
    // near the others instead of only away from them. Without cohesion the same flight
    // spreads out (nearest flyer 1.5 m away on average, 19 others within 4 m, at 3 s).
    park p(quiet());
    run(p, 1);
    REQUIRE(p.clap(p.busiest_spot(100), 100) == 280);
    const auto check_together = [&](int seconds) {
        std::vector<vec3> flying;
        for (const auto& b : p.birds())
            if (b.flying) flying.push_back(b.body.position());
        REQUIRE(flying.size() >= 250);
        float nearest_sum = 0;
        std::vector<int> within_4m;
        for (const vec3& a : flying) {
            float nearest = INFINITY;
            int close = 0;
            for (const vec3& b : flying) {
                if (&a == &b) continue;
                const float d = std::sqrt(steer::distance_squared(a, b));
                nearest = std::min(nearest, d);
                close += d < 4.0f ? 1 : 0;
            }
            nearest_sum += nearest;
            within_4m.push_back(close);
        }
        const auto middle = within_4m.begin() + static_cast<std::ptrdiff_t>(within_4m.size() / 2);
        std::nth_element(within_4m.begin(), middle, within_4m.end());
        const float mean_nearest = nearest_sum / static_cast<float>(flying.size());
        MESSAGE(seconds << " s into the flight: nearest flyer " << mean_nearest << " m away on average, median "
                        << *middle << " others within 4 m");
        CHECK(mean_nearest < 1.4f);
        CHECK(*middle >= 25);
    };
    run(p, 3);
    check_together(3);
    run(p, 1);
    check_together(4);
}

TEST_CASE("pigeons: a bird startled twice in quick succession flies longer and farther the second time") {
    park p(quiet(1));
    run(p, 1);
    p.startle(0, p.body(0).position() + vec3(1, 0, 0));
    const float first_annoyance = p.bird_at(0).annoyance;
    const flight first = fly_until_landed(p, 0);
    REQUIRE_FALSE(p.bird_at(0).flying);
    p.startle(0, p.body(0).position() + vec3(1, 0, 0));  // again, at once
    const float second_annoyance = p.bird_at(0).annoyance;
    const flight second = fly_until_landed(p, 0);
    REQUIRE_FALSE(p.bird_at(0).flying);
    MESSAGE("first flight " << first.seconds << " s over " << first.path << " m (annoyance " << first_annoyance
                            << "), second " << second.seconds << " s over " << second.path << " m (annoyance "
                            << second_annoyance << ")");
    CHECK(second_annoyance > first_annoyance * 1.5f);
    CHECK(second.seconds > first.seconds * 1.3f);
    CHECK(second.path > first.path * 1.3f);

    // Once calm again (annoyance decays), a startle gives a short flight again.
    run(p, 150);
    CHECK(p.bird_at(0).annoyance < 0.01f);
    p.startle(0, p.body(0).position() + vec3(1, 0, 0));
    const flight calm = fly_until_landed(p, 0);
    CHECK(calm.seconds < second.seconds);
    CHECK(calm.seconds == doctest::Approx(static_cast<double>(first.seconds)).epsilon(0.2));
}

namespace {

/// What a run saw, frame by frame: enclosure, ground, and the car's effect.
struct run_record {
    std::size_t outside = 0;       ///< bird-frames outside the enclosure
    std::size_t off_ground = 0;    ///< walking bird-frames not on the ground
    std::size_t off_tangent = 0;   ///< walking bird-frames moving off the ground's tangent plane
    std::size_t underground = 0;   ///< flying bird-frames below the ground
    std::size_t flying_frames = 0; ///< flying bird-frames
    std::size_t landings = 0;
    std::size_t slow_takeoffs = 0;    ///< take-offs before the car speeds up (past 1.25 m/s, at about 11.9 s)
    std::size_t car_takeoffs = 0, contagion_takeoffs = 0, clap_takeoffs = 0;
    std::size_t most_overlapping = 0;  ///< the most pairs of walking birds overlapping by over 1% in one frame
    float closest_slow = std::numeric_limits<float>::infinity();  ///< the nearest a walking bird came to the slow car
};

run_record record(const pigeons::park_config& config, float seconds) {
    park p(config);
    run_record r;
    const auto enclosure = config.enclosure();
    const auto& ground = config.ground;
    bool fast = false;
    while (p.time() < seconds) {
        p.step();
        fast = fast || glm::length(p.car().velocity()) > 1.25f;
        if (!fast) r.slow_takeoffs = p.takeoffs(cause::car) + p.takeoffs(cause::contagion);
        for (const auto& b : p.birds()) {
            const vec3 q = b.body.position();
            if (!fast && !b.flying) r.closest_slow = std::min(r.closest_slow, glm::length(q - p.car().position()));
            if (!steer::contains(enclosure, q)) ++r.outside;
            const float altitude = ground.altitude(q);
            if (b.flying) {
                ++r.flying_frames;
                if (altitude < -1e-4f) ++r.underground;
            } else {
                if (std::abs(altitude) > 1e-4f) ++r.off_ground;
                if (std::abs(glm::dot(b.body.velocity(), ground.normal(q.x, q.z))) > 1e-4f) ++r.off_tangent;
            }
        }
        r.most_overlapping = std::max(r.most_overlapping, pigeons::overlapping_walkers(p));
    }
    r.landings = p.landings();
    r.car_takeoffs = p.takeoffs(cause::car);
    r.contagion_takeoffs = p.takeoffs(cause::contagion);
    r.clap_takeoffs = p.takeoffs(cause::clap);
    return r;
}

/// The default story up to just after its clap at 21 s (slow car, fast car, landings, clap),
/// run once for the tests that read it.
const run_record& default_story() {
    static const run_record r = record(pigeons::park_config::for_birds(280), 22.5f);
    return r;
}

}  // namespace

TEST_CASE("pigeons: no bird leaves the enclosure, walkers stay on the ground and out of each other's bodies, fliers above it") {
    // The default story, then a harsher one: claps over everyone every three seconds keep
    // the birds annoyed and flying long flights against the enclosure. The herd's cohesion
    // and the car press the walkers together; the contact after each move
    // (park_config::keep_bodies_apart) steps them out of each other's bodies: checked at
    // every frame, where the program samples once a second. Without it the story has up to
    // 39 pairs of walkers overlapping at once (docs/pigeons.md, "Bodies").
    auto harsh = quiet(100, 3);
    for (float t = 1; t < 12; t += 3) harsh.claps.push_back(t);
    harsh.clap_radius = 100;
    for (const run_record& r : {default_story(), record(harsh, 12)}) {
        CHECK(r.flying_frames > 0);
        CHECK(r.outside == 0);
        CHECK(r.off_ground == 0);
        CHECK(r.off_tangent == 0);
        CHECK(r.underground == 0);
        MESSAGE("most pairs of walking birds overlapping by more than 1% at once: " << r.most_overlapping);
        CHECK(r.most_overlapping <= 3);
    }
    CHECK(default_story().landings > 0);
}

TEST_CASE("pigeons: the slow car makes birds walk away instead of taking off, the fast car makes them take off") {
    const run_record& story = default_story();
    // The car creeps up at 1.2 m/s until about 11.9 s: birds in its move-away zone walk
    // aside and none is startled. Without that reaction (avatar_weight 0) the same drive
    // catches birds in its take-off zone and sets off waves: in seed 1's flock it comes
    // nearer the birds (none happens to stand in the zone's path), in seed 2's it startles some.
    auto unmoved = pigeons::park_config::for_birds(280);
    unmoved.avatar_weight = 0;
    const run_record control = record(unmoved, 12.5f);
    unmoved.seed = 2;
    const run_record other_control = record(unmoved, 12.5f);
    MESSAGE("take-offs during the slow approach: " << story.slow_takeoffs << " with the move-away reaction, "
                                                   << control.slow_takeoffs << " and " << other_control.slow_takeoffs
                                                   << " without (seeds 1 and 2); the nearest bird to the car "
                                                   << story.closest_slow << " m with it, " << control.closest_slow
                                                   << " m without");
    CHECK(story.slow_takeoffs == 0);
    CHECK(control.closest_slow < story.closest_slow - unmoved.bird_radius);  // nearer by more than a bird's radius
    CHECK(control.slow_takeoffs + other_control.slow_takeoffs >= 1);
    // Then it speeds through the flock at 6 m/s: birds in its take-off zone go, and the alarm spreads.
    MESSAGE("fast pass: " << story.car_takeoffs << " startled by the car, " << story.contagion_takeoffs
                          << " more by contagion, then " << story.clap_takeoffs << " by the clap");
    CHECK(story.car_takeoffs >= 3);
    CHECK(story.contagion_takeoffs > story.car_takeoffs);
    CHECK(story.clap_takeoffs > 0);
}

TEST_CASE("pigeons: reciprocal walkers overlap far less than separating ones, and a quiet flock still stays walking inside") {
    // The herd's cohesion packs it denser than personal space allows, so separation's soft
    // push lets bodies overlap; reciprocal avoidance takes a velocity that keeps clear of
    // each neighbor instead (docs/pigeons.md, "Reciprocal walkers"). Summed over a sample
    // each second for 15 s of a quiet feeding flock.
    const auto overlaps = [](bool reciprocal) {
        pigeons::park_config c = quiet();
        c.reciprocal_walkers = reciprocal;
        c.keep_bodies_apart = false;  // the walkers' own ways of keeping apart, without the contact
        park p(c);
        std::size_t sum = 0;
        for (int second = 0; second < 15; ++second) {
            run(p, 1);
            sum += pigeons::overlapping_walkers(p);
        }
        CHECK(pigeons::flying_count(p) == 0);  // nothing startled a quiet flock
        CHECK(pigeons::outside_count(p) == 0);
        return sum;
    };
    const std::size_t separating = overlaps(false), reciprocal = overlaps(true);
    CAPTURE(separating);
    CAPTURE(reciprocal);
    CHECK(separating >= 20);  // the problem is real
    CHECK(3 * reciprocal <= separating);
}

TEST_CASE("pigeons: about a sixth of the flock thinks each frame, each bird ten times a second") {
    park p(quiet());
    const auto thoughts = [&] {
        std::size_t total = 0;
        for (std::size_t i = 0; i < p.size(); ++i) total += p.bird_at(i).thoughts;
        return total;
    };
    std::size_t fewest = 1000, most = 0;
    for (int f = 0; f < 60; ++f) {
        const std::size_t before = thoughts();
        p.step();
        fewest = std::min(fewest, thoughts() - before);
        most = std::max(most, thoughts() - before);
    }
    for (std::size_t i = 0; i < p.size(); ++i) CHECK(p.bird_at(i).thoughts == 10);
    CHECK(fewest >= 20);  // 280 / 6 is about 47; randomized phases spread around it
    CHECK(most <= 80);
    // The crowd calls each bird at the avoidance rate, 30 Hz, a main thought every third time.
    CHECK(p.crowd().schedule().period() == 2);
}

TEST_CASE("pigeons: annoyance decays with its time constant") {
    // A lone bird: nothing else startles it. The decay over a frame is exp(-dt / 20 s),
    // computed by a series (no C library exponential): after 20 s, 1/e of the annoyance.
    park p(quiet(1));
    run(p, 0.5f);
    p.startle(0, p.body(0).position() + vec3(1, 0, 0));
    const auto start = static_cast<double>(p.bird_at(0).annoyance);
    run(p, p.config().annoyance_time_constant);
    CHECK(static_cast<double>(p.bird_at(0).annoyance) / start == doctest::Approx(std::exp(-1.0)).epsilon(1e-4));
}

TEST_CASE("pigeons: the same seed gives the same run, another seed another") {
    auto story = [](std::uint64_t seed) {
        pigeons::park_config c = pigeons::park_config::for_birds(120);
        c.seed = seed;
        c.claps = {1.5f};
        park p(c);
        run(p, 3);
        std::vector<vec3> positions;
        for (std::size_t i = 0; i < p.size(); ++i) positions.push_back(p.body(i).position());
        return positions;
    };
    const auto a = story(7), b = story(7), other = story(8);
    REQUIRE(a.size() == b.size());
    bool identical = true;
    for (std::size_t i = 0; i < a.size(); ++i) identical = identical && a[i] == b[i];
    CHECK(identical);
    CHECK(a != other);
}

TEST_CASE("pigeons: two or three threads give the same run, bit for bit, as one" * doctest::skip(!steer::test::threads_available)) {
    // A story with a clap and the car, so that take-offs, flights and landings happen.
    auto story = [](unsigned threads) {
        pigeons::park_config c = pigeons::park_config::for_birds(600);
        c.claps = {1.0f};
        park p(c);
        std::optional<steer::thread_pool_executor> pool;
        if (threads > 1) pool.emplace(threads);
        for (int frame = 0; frame < 4 * 60; ++frame) {
            if (pool) p.step(*pool);
            else p.step();
        }
        std::vector<vec3> state;
        for (std::size_t i = 0; i < p.size(); ++i) {
            state.push_back(p.body(i).position());
            state.push_back(p.body(i).velocity());
            state.push_back(p.steering(i));
            state.push_back(vec3(p.bird_at(i).annoyance, p.bird_at(i).flight_time, p.bird_at(i).flying ? 1 : 0));
        }
        return std::pair(state, p.takeoffs(pigeons::cause::clap) + p.takeoffs(pigeons::cause::contagion));
    };
    const auto one = story(1);
    REQUIRE(one.second > 0);  // the story has take-offs
    for (unsigned threads : {2u, 3u}) {
        CAPTURE(threads);
        const auto many = story(threads);
        CHECK(many.second == one.second);
        REQUIRE(many.first.size() == one.first.size());
        bool identical = true;
        for (std::size_t i = 0; i < one.first.size(); ++i)
            identical = identical && steer::test::same_bits(many.first[i], one.first[i]);
        CHECK(identical);
    }
}

TEST_CASE("pigeons: a bad configuration is refused with a message naming the parameter") {
    auto message_of = [](const pigeons::park_config& c) -> std::string {
        try {
            park p(c);
        } catch (const std::invalid_argument& e) {
            return e.what();
        }
        return "";
    };
    auto c = quiet(10);
    c.think_hz = 0;
    CHECK(message_of(c).find("think_hz") != std::string::npos);
    c = quiet(10);
    c.contagion_threshold_max = 0.01f;
    CHECK(message_of(c).find("contagion_threshold_max") != std::string::npos);
    c = quiet(10);
    c.claps = {-1};
    CHECK(message_of(c).find("claps") != std::string::npos);
    c = quiet(10);
    c.annoyance_time_constant = std::numeric_limits<float>::quiet_NaN();
    CHECK(message_of(c) == "pigeons::park_config: annoyance_time_constant must be > 0 (got nan)");
    c = quiet(10);
    c.take_off_zone.radius = -1;
    CHECK(message_of(c).find("radius") != std::string::npos);
    c = quiet(10);
    c.walk_reciprocal.time_horizon = -1;  // refused when the park is built, not at the first thought
    CHECK(message_of(c).find("time_horizon") != std::string::npos);
    c = quiet(10);
    c.body_gap = std::numeric_limits<float>::infinity();
    CHECK(message_of(c) == "pigeons::park_config: body_gap must be from 0 to 1 m (got inf)");
    CHECK(message_of(quiet(10)).empty());
}
