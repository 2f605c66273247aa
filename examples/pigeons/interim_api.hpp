// INTERIM, to be deleted: minimal stand-ins for parts of the DESIGN.md API that other
// branches are still building (contain, wander, combiners, bin_lattice, brute_force), so the pigeon model can be written and tuned before they reach main.
#ifndef PIGEONS_INTERIM_API_HPP
#define PIGEONS_INTERIM_API_HPP

#include <cmath>
#include <cstdint>
#include <numbers>
#include <optional>
#include <vector>

#include <steer/steer.hpp>

namespace steer {

template <vector V, class Region>
V contain(const vehicle<V>& v, const Region& region, scalar_t<V> prediction_time) {
    const V future = v.predict_future_position(prediction_time);
    if (contains(region, future)) return V(scalar_t<V>(0));
    const V boundary = nearest_inside(region, future);
    return seek(v, static_cast<V>(nearest_inside(region, boundary + (boundary - future))));
}

template <vector V>
V nearest_inside(const sphere<V>& s, const V& p) {
    const V o = p - s.center;
    const auto d = safe_length(o);
    if (d <= s.radius) return p;
    return s.center + o * (s.radius / d);
}

template <vector V>
struct wander_params {
    scalar_t<V> radius = 1;
    scalar_t<V> distance = 2;
    scalar_t<V> rate = 2;
};
template <vector V>
struct wander_state {
    V target{};
};
template <vector V, class G>
V wander(const vehicle<V>& v, wander_state<V>& s, G& gen, scalar_t<V> dt, const wander_params<V>& p = {}) {
    using S = scalar_t<V>;
    if (s.target == V(S(0))) s.target = V(S(0), S(0), S(1)) * p.radius;
    s.target = safe_normalize(s.target + random_vector_in_unit_ball<V>(gen) * (p.rate * dt)) * p.radius;
    const V local = s.target + V(0, 0, p.distance);
    return v.local_space().globalize_direction(local);
}

template <class S, class F>
auto weighted(S w, F&& f) {
    return [w, f]() { return f() * w; };
}
template <class... T>
auto weighted_sum(T&&... terms) {
    return (terms() + ...);
}
template <class S, class... T>
auto truncated_sum(S max_force, T&&... terms) {
    using V = decltype((terms(), ...));
    V total(S(0));
    S left = max_force;
    bool done = false;
    auto one = [&](auto& t) {
        if (done) return;
        const V f = t();
        const S m = safe_length(f);
        if (m <= left) {
            total += f;
            left -= m;
        } else {
            total += f * (left / m);
            done = true;
        }
    };
    (one(terms), ...);
    return total;
}

template <class S, class... F>
auto priority(S eps, F&&... terms) {
    using V = decltype((terms(), ...));
    V out(S(0));
    bool done = false;
    auto one = [&](auto& t) {
        if (done) return;
        const V f = t();
        if (safe_length(f) > eps) { out = f; done = true; }
    };
    (one(terms), ...);
    return out;
}

template <vector V, class Payload>
class brute_force {
public:
    using handle = std::size_t;
    handle insert(const Payload& p, const V& pos) {
        items_.push_back({p, pos});
        return items_.size() - 1;
    }
    void move(handle h, const V& pos) { items_[h].pos = pos; }
    std::size_t size() const { return items_.size(); }
    template <class F>
    void for_each_within(const V& c, scalar_t<V> r, F&& f) const {
        for (const auto& it : items_) {
            const auto d2 = distance_squared(it.pos, c);
            if (d2 <= r * r) f(it.payload, d2);
        }
    }

private:
    struct item {
        Payload payload;
        V pos;
    };
    std::vector<item> items_;
};

template <vector V, class Payload>
class bin_lattice : public brute_force<V, Payload> {
public:
    bin_lattice(box<V>, glm::vec<dimension_v<V>, int>) {}
};

}  // namespace steer

#endif
