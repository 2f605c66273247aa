// The pigeon example's model (examples/pigeons/park.hpp) against the claims of Reynolds 2000,
// "Case study: Pigeons in the Park" and "Reacting to the User". The avatar neighborhood's
// shape itself is tested with the library (tests/steer/world/avatar_neighborhood.cpp).

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <pigeons/park.hpp>

namespace {

using pigeons::cause;
using pigeons::vec3;
using park = pigeons::park<pigeons::lattice_database>;

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
    center /= static_cast<float>(p.birds().size());
    std::size_t best = 0;
    float best_d2 = INFINITY;
    for (std::size_t i = 0; i < p.birds().size(); ++i) {
        const float d2 = steer::distance_squared(p.birds()[i].body.position(), center);
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
    while (p.birds()[i].flying && f.seconds < limit) {
        const vec3 before = p.birds()[i].body.position();
        p.step();
        f.seconds += p.config().frame_seconds();
        f.path += glm::length(p.birds()[i].body.position() - before);
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
        expected += inside.back() ? 1 : 0;
    }
    REQUIRE(expected >= 20);  // a clap over a crowd, not over one bird
    const std::size_t startled = p.clap(center, radius);
    CHECK(startled == expected);
    CHECK(p.takeoffs(cause::clap) == expected);
    for (std::size_t i = 0; i < p.birds().size(); ++i) {
        CHECK(p.birds()[i].flying == inside[i]);
        if (inside[i]) CHECK(p.birds()[i].annoyance >= 1.0f);
    }
    REQUIRE(p.claps().size() == 1);
    CHECK(p.claps()[0].startled == expected);
}

TEST_CASE("pigeons: one startled bird in a dense flock sets off a take-off wave") {
    // Contagion (Reynolds 2000): a walking bird takes off when the share of nearby birds that
    // just took off passes its threshold. Thresholds are drawn per bird, so a wave's size
    // varies with the seed; over several flocks, one startle brings up many birds.
    std::size_t total = 0, largest = 0;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        park p(quiet(280, seed));
        run(p, 1);
        p.startle(central_bird(p), p.birds()[central_bird(p)].body.position() + vec3(1, 0, 0));
        run(p, 3);
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
    CHECK(p.flying_count() == 280);
    float seconds = 0;
    while (p.flying_count() > 0 && seconds < 20) {
        run(p, 0.5f);
        seconds += 0.5f;
    }
    MESSAGE("all 280 birds landed within " << seconds << " s");
    CHECK(p.flying_count() == 0);
    CHECK(p.landings() >= 280);
}

TEST_CASE("pigeons: a bird startled twice in quick succession flies longer and farther the second time") {
    park p(quiet(1));
    run(p, 1);
    p.startle(0, p.birds()[0].body.position() + vec3(1, 0, 0));
    const float first_annoyance = p.birds()[0].annoyance;
    const flight first = fly_until_landed(p, 0);
    REQUIRE_FALSE(p.birds()[0].flying);
    p.startle(0, p.birds()[0].body.position() + vec3(1, 0, 0));  // again, at once
    const float second_annoyance = p.birds()[0].annoyance;
    const flight second = fly_until_landed(p, 0);
    REQUIRE_FALSE(p.birds()[0].flying);
    MESSAGE("first flight " << first.seconds << " s over " << first.path << " m (annoyance " << first_annoyance
                            << "), second " << second.seconds << " s over " << second.path << " m (annoyance "
                            << second_annoyance << ")");
    CHECK(second_annoyance > first_annoyance * 1.5f);
    CHECK(second.seconds > first.seconds * 1.3f);
    CHECK(second.path > first.path * 1.3f);

    // Once calm again (annoyance decays), a startle gives a short flight again.
    run(p, 150);
    CHECK(p.birds()[0].annoyance < 0.01f);
    p.startle(0, p.birds()[0].body.position() + vec3(1, 0, 0));
    const flight calm = fly_until_landed(p, 0);
    CHECK(calm.seconds < second.seconds);
    CHECK(calm.seconds == doctest::Approx(first.seconds).epsilon(0.2));
}

TEST_CASE("pigeons: over the whole story no bird leaves the enclosure, walkers stay on the ground, fliers above it") {
    // The default run (slow car, fast car, a clap), then a harsher one: claps every three
    // seconds keep birds annoyed and flying long flights against the enclosure.
    std::vector<pigeons::park_config> configs{pigeons::park_config::for_birds(280), quiet(150, 3)};
    for (float t = 1; t < 20; t += 3) configs[1].claps.push_back(t);
    configs[1].clap_radius = 100;
    for (const auto& config : configs) {
        park p(config);
        const auto enclosure = config.enclosure();
        const auto& ground = config.ground;
        std::size_t outside = 0, off_ground = 0, underground = 0, off_tangent = 0, flights = 0;
        float worst_gap = 0;
        for (int f = 0; f < 20 * 60; ++f) {
            p.step();
            for (const auto& b : p.birds()) {
                const vec3 q = b.body.position();
                if (!steer::contains(enclosure, q)) ++outside;
                const float altitude = ground.altitude(q);
                if (b.flying) {
                    ++flights;
                    if (altitude < -1e-4f) ++underground;
                } else {
                    worst_gap = std::max(worst_gap, std::abs(altitude));
                    if (std::abs(altitude) > 1e-4f) ++off_ground;
                    const float normal_speed = glm::dot(b.body.velocity(), ground.normal(q.x, q.z));
                    if (std::abs(normal_speed) > 1e-4f) ++off_tangent;
                }
            }
        }
        MESSAGE(config.birds << " birds: " << p.landings() << " landings, largest walking height gap " << worst_gap);
        CHECK(flights > 0);
        if (config.car) CHECK(p.landings() > 0);  // the harsh run's claps never let them land
        CHECK(outside == 0);
        CHECK(off_ground == 0);
        CHECK(off_tangent == 0);
        CHECK(underground == 0);
    }
}

TEST_CASE("pigeons: the slow car makes birds walk away, the fast car makes them take off") {
    park p(pigeons::park_config::for_birds(280));
    const auto& c = p.config();
    // Slow approach (about 1.2 m/s from 4 s): birds in the car's move-away zone walk off,
    // and none takes off.
    std::size_t deep_in_zone = 0, samples = 0;
    while (p.time() < 11.0f) {
        p.step();
        if (p.time() < 6.0f || p.car().speed() < 0.5f) continue;
        for (const auto& b : p.birds())
            if (steer::avatar_neighborhood_depth(c.move_away_zone, p.car().position(), p.car().velocity(),
                                                 b.body.position()) > 0.5f)
                ++deep_in_zone;
        ++samples;
    }
    REQUIRE(samples > 0);
    MESSAGE("birds deep in the move-away zone per frame during the slow approach: "
            << static_cast<double>(deep_in_zone) / static_cast<double>(samples));
    CHECK(p.flying_count() == 0);
    CHECK(static_cast<double>(deep_in_zone) / static_cast<double>(samples) < 1.0);
    // Then the car speeds through the flock: birds in its take-off zone go, and the alarm spreads.
    run(p, 4);
    MESSAGE("fast pass: " << p.takeoffs(cause::car) << " startled by the car, " << p.takeoffs(cause::contagion)
                          << " more by contagion");
    CHECK(p.takeoffs(cause::car) >= 3);
    CHECK(p.takeoffs(cause::contagion) > p.takeoffs(cause::car));
}

TEST_CASE("pigeons: about a sixth of the flock thinks each frame, each bird ten times a second") {
    park p(quiet());
    std::size_t total = 0, fewest = 1000, most = 0;
    for (int f = 0; f < 60; ++f) {
        p.step();
        total += p.thinkers_last_frame();
        fewest = std::min(fewest, p.thinkers_last_frame());
        most = std::max(most, p.thinkers_last_frame());
    }
    CHECK(total == 280 * 10);
    CHECK(fewest >= 20);  // 280 / 6 is about 47; randomized phases spread around it
    CHECK(most <= 80);
}

TEST_CASE("pigeons: the same seed gives the same run, another seed another") {
    auto story = [](std::uint64_t seed) {
        pigeons::park_config c = pigeons::park_config::for_birds(120);
        c.seed = seed;
        c.claps = {1.5f};
        park p(c);
        run(p, 3);
        std::vector<vec3> positions;
        for (const auto& b : p.birds()) positions.push_back(b.body.position());
        return positions;
    };
    const auto a = story(7), b = story(7), other = story(8);
    REQUIRE(a.size() == b.size());
    bool identical = true;
    for (std::size_t i = 0; i < a.size(); ++i) identical = identical && a[i] == b[i];
    CHECK(identical);
    CHECK(a != other);
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
    c.take_off_zone.radius = -1;
    CHECK(message_of(c).find("radius") != std::string::npos);
    CHECK(message_of(quiet(10)).empty());
}
