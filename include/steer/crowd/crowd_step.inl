#ifndef STEER_CROWD_CROWD_STEP_INL
#define STEER_CROWD_CROWD_STEP_INL

/// @file
/// The definitions of a crowd step's stages (declared, with what they do, in crowd.hpp):
/// the frame of a step, each range's thoughts and moves. Included at the end of crowd.hpp;
/// not a header of its own.

#include "crowd.hpp"

namespace steer {

template <vector V, class T>
template <class Lanes, class Exec, class ThinkAll, class Constrain>
inline void crowd<V, T>::step_with(S dt, S radius, Exec& exec, ThinkAll&& think_all, Constrain&& constrain) {
    const std::size_t n = vehicles_.size();
    if (n > 0) {
        // Sorting for `radius` also plans the grid to come (the move notes each agent's
        // cell in it while the agent is at hand).
        if (!index_fresh(radius, exec)) reindex(radius, exec);
        else if (!kinds_fresh()) refresh_kinds(exec);
        if (kinds_on()) next_kinds_.resize(n);
        next_steering_.resize(n);
        if constexpr (has_data) next_data_.values.resize(n);
        next_vehicles_.resize(n);
        next_phases_.resize(n);
        next_ids_.resize(n);
        keys_x_.resize(n);
        keys_row_.resize(n);
        moved_bounds_.reset();
        // May throw (a think or a constraint): only the next storage has been written, the
        // old steering, data and vehicles stand.
        exec(n, [&](std::size_t begin, std::size_t end) {
            think_all(begin, end);
            move<Lanes>(begin, end, dt, constrain);
        });
        vehicles_.swap(next_vehicles_);
        steering_.swap(next_steering_);
        phases_.swap(next_phases_);
        ids_.swap(next_ids_);
        if constexpr (has_data) data_.values.swap(next_data_.values);
        if (kinds_on()) {
            stored_kinds_.swap(next_kinds_);
            kinds_known_ = true;  // `move` took them from the data it wrote
        }
        // The handles follow in `reindex`'s first pass (nothing can throw before it).
        reindex(radius, exec, true);
    }
    ++frame_;
}

template <vector V, class T>
template <class Lanes, class Constrain>
inline void crowd<V, T>::move(std::size_t begin, std::size_t end, S dt, Constrain& constrain) {
    if (dt > S(0))
        detail::vehicle_lanes<V, Lanes>::step(
            [this, begin](std::size_t i) -> const vehicle_type& { return vehicles_[order_[begin + i]]; },
            [this, begin](std::size_t i) -> vehicle_type& { return next_vehicles_[begin + i]; },
            next_steering_.data() + begin, end - begin, dt);
    else  // apply_force moves nobody
        for (std::size_t k = begin; k < end; ++k) next_vehicles_[k] = vehicles_[order_[k]];
    typename detail::crowd_grid<D>::cell_bounds range;
    [[maybe_unused]] const bool kinds = kinds_on();  // (no kinds without data)
    const auto note = [&](std::size_t k) {  // once constrained: its cell, for the next grid, and its kind
        const V& p = next_vehicles_[k].position();
        keys_x_[k] = grid_.x_of(p[0]);
        keys_row_[k] = grid_.row_of(p);
        range.include(keys_x_[k], keys_row_[k]);
        if constexpr (has_data)
            if (kinds) next_kinds_[k] = kind_of_(next_data_.values[k]);
    };
    constexpr bool batch = detail::is_batch_constraint<std::remove_cvref_t<Constrain>>;
    for (std::size_t k = begin; k < end; ++k) {
        const std::uint32_t from = order_[k];
        next_phases_[k] = phases_[from];
        next_ids_[k] = ids_[from];
        if constexpr (batch) {
            continue;  // constrained below, all at once
        } else if constexpr (!std::is_same_v<std::remove_cvref_t<Constrain>, no_constraint>) {
            if constexpr (has_data)
                constrain(next_ids_[k], next_vehicles_[k], next_data_.values[k]);
            else
                constrain(next_ids_[k], next_vehicles_[k]);
        }
        note(k);
    }
    if constexpr (batch) {
        const std::span<const crowd_id> ids(next_ids_.data() + begin, end - begin);
        const std::span<vehicle_type> agents(next_vehicles_.data() + begin, end - begin);
        if constexpr (has_data)
            constrain.constrain(ids, agents, std::span<T>(next_data_.values.data() + begin, end - begin));
        else
            constrain.constrain(ids, agents);
        for (std::size_t k = begin; k < end; ++k) note(k);
    }
    moved_bounds_.include(range);
}

template <vector V, class T>
template <class P, class Think, class RadiusOf>
inline void crowd<V, T>::think_range(std::size_t begin, std::size_t end, S radius, Think& think,
                                     const source_location& caller, const RadiusOf* radius_of) {
    const detail::due_phases due(schedule_, frame_);
    const S* position[std::size_t{D}];
    for (int d = 0; d < D; ++d) position[d] = hot_position(d);
    const S reach_squared = std::min(radius * radius, std::numeric_limits<S>::max());
    typename detail::crowd_grid<D>::neighbor_rows rows;
    std::uint32_t found[detail::crowd_neighbor_limit + 16];  // grid positions
    for (std::size_t k = begin; k < end; ++k) {
        prefetch_thinker(k, end);
        const std::uint32_t slot = order_[k];  // where the agent is stored
        // The agent's data for after the step, in grid order (the move keeps that order):
        // its thought writes this copy while the others read the one before the step.
        if constexpr (has_data) next_data_.values[k] = data_.values[slot];
        if (!due(phases_[slot])) {
            next_steering_[k] = steering_[slot];
            continue;
        }
        std::size_t count;
        if constexpr (std::is_same_v<RadiusOf, std::nullptr_t>) {
            count = gather_in_lanes<P>(k, rows, position, reach_squared, found);
        } else {
            const S own = own_radius(*radius_of, slot, radius, caller);
            count = own < radius ? gather_in_lanes<P>(k, rows, position, own * own, found, own)
                                 : gather_in_lanes<P>(k, rows, position, reach_squared, found);
        }
        for (std::size_t l = 0; l < detail::sum_lanes; ++l) found[count + l] = 0;  // read by the lanes
        const crowd_neighbors<V, P, T> neighbors(vehicles_.data(), ids_.data(), order_.data(), count, hot_records(),
                                                 hot_radii(), found, std::as_const(data_).data(), kinds_of_grid());
        V steering;
        if constexpr (has_data)
            steering = think(ids_[slot], std::as_const(vehicles_[slot]), next_data_.values[k], neighbors);
        else
            steering = think(ids_[slot], std::as_const(vehicles_[slot]), neighbors);
        next_steering_[k] =
            is_finite(steering) ? steering : steering_fault(slot, steering, "think's steering", caller);
    }
}

template <vector V, class T>
template <class RadiusOf>
inline auto crowd<V, T>::own_radius(const RadiusOf& radius_of, std::uint32_t slot, S widest,
                                    const source_location& caller) const -> S {
    S own;
    if constexpr (has_data)
        own = static_cast<S>(radius_of(ids_[slot], std::as_const(vehicles_[slot]), std::as_const(data_.values[slot])));
    else
        own = static_cast<S>(radius_of(ids_[slot], std::as_const(vehicles_[slot])));
    if (!(own >= S(0) && own <= widest)) [[unlikely]]
        own = refused_radius(slot, own, widest, caller);
    return own;
}

}  // namespace steer

#endif  // STEER_CROWD_CROWD_STEP_INL
