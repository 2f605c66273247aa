// Plugging an engine's own spatial structure into steer: an adapter that gives a
// broadphase the proximity_database interface, then a flock steered through it.
#include <cstdio>
#include <optional>
#include <vector>

#include <steer/steer.hpp>

#include "toy_broadphase.hpp"

// The adapter: the broadphase keeps the boxes, the adapter keeps payloads and positions
// by proxy id, and turns a sphere query into a box query plus an exact distance test.
template <class Payload>
class broadphase_database {
public:
    using vector_type = glm::vec3;
    using payload_type = Payload;
    struct handle {
        int id = -1;
        friend bool operator==(const handle&, const handle&) = default;
    };

    handle insert(const Payload& payload, const glm::vec3& position) {
        const int id = phase_.add({position, position});
        if (static_cast<std::size_t>(id) >= entries_.size()) entries_.resize(static_cast<std::size_t>(id) + 1);
        entries_[static_cast<std::size_t>(id)] = {payload, position};
        ++size_;
        return {id};
    }
    void move(handle h, const glm::vec3& position) {
        phase_.update(h.id, {position, position});
        entries_[static_cast<std::size_t>(h.id)].position = position;
    }
    void erase(handle h) {
        phase_.remove(h.id);
        --size_;
    }
    void clear() {
        phase_.clear();
        entries_.clear();
        size_ = 0;
    }
    [[nodiscard]] std::size_t size() const { return size_; }

    template <class F>
    void for_each_within(const glm::vec3& center, float radius, F&& f) const {
        const glm::vec3 reach(radius);
        phase_.query({center - reach, center + reach}, [&](int id) {
            const entry& e = entries_[static_cast<std::size_t>(id)];
            const float d2 = steer::distance_squared(e.position, center);
            if (d2 <= radius * radius) f(e.payload, d2);  // the box is only a first cut
        });
    }
    [[nodiscard]] std::optional<Payload> nearest(const glm::vec3& center, float radius) const {
        std::optional<Payload> best;
        float best_d2 = 0;
        for_each_within(center, radius, [&](const Payload& p, float d2) {
            if (!best || d2 < best_d2) best = p, best_d2 = d2;
        });
        return best;
    }

private:
    struct entry {
        Payload payload{};
        glm::vec3 position{};
    };
    engine::broadphase phase_;
    std::vector<entry> entries_;  // by proxy id
    std::size_t size_ = 0;
};

static_assert(steer::proximity_database<broadphase_database<const steer::vehicle3*>>);

int main() {
    steer::rng gen(7);
    std::vector<steer::vehicle3> flock;
    for (int i = 0; i < 200; ++i)
        flock.emplace_back(steer::vehicle_params<glm::vec3>{.position = steer::random_vector_in_unit_ball<glm::vec3>(gen) * 10.0f,
                                                            .velocity = steer::random_unit_vector<glm::vec3>(gen),
                                                            .max_force = 2, .max_speed = 2});

    broadphase_database<const steer::vehicle3*> database;  // any proximity_database works here
    std::vector<decltype(database)::handle> handles;
    for (const auto& boid : flock) handles.push_back(database.insert(&boid, boid.position()));

    const steer::flocking_params<glm::vec3> boids{.separation = {.max_distance = 1.5f},
                                                  .alignment = {.max_distance = 3},
                                                  .cohesion = {.max_distance = 3},
                                                  .separation_weight = 0.5f,  // fractions of max_force
                                                  .alignment_weight = 0.5f,
                                                  .cohesion_weight = 0.5f};
    std::vector<const steer::vehicle3*> nearby;  // reused: no allocation once warm
    std::vector<glm::vec3> forces(flock.size());
    for (int frame = 0; frame < 120; ++frame) {
        for (std::size_t i = 0; i < flock.size(); ++i) {
            steer::gather_within(database, flock[i].position(), 3.0f, nearby);
            forces[i] = steer::flocking(flock[i], nearby, boids);
        }
        for (std::size_t i = 0; i < flock.size(); ++i) {
            flock[i].apply_force(forces[i], 1.0f / 60.0f);
            database.move(handles[i], flock[i].position());
        }
    }
    const auto closest = database.nearest(glm::vec3(0), 100.0f);
    std::printf("%zu boids; the one nearest the origin is %.2f away\n", database.size(),
                static_cast<double>(glm::length((*closest)->position())));
}
