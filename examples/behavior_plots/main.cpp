// Text plots of the single-character behaviors, as shown in docs/behaviors.md.
// Usage: behavior_plots [name ...]   (no name: every plot)
// Names: seek_arrival pursuit offset_pursuit wander interpose shadow dock patrol
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <steer/steer.hpp>

namespace {

using vec = glm::vec2;
constexpr float dt = 1.0f / 60.0f;

struct trace {
    char mark;
    std::vector<vec> points;
};

struct plot {
    std::vector<trace> traces;
    std::vector<std::pair<vec, char>> labels;  // drawn last, over the traces

    plot() { traces.reserve(8); }  // add() hands out references: no reallocation
    trace& add(char mark) { return traces.emplace_back(trace{mark, {}}); }
    void label(vec p, char c) { labels.emplace_back(p, c); }

    // Fits everything into `width` columns; a character cell is twice as tall as wide.
    void print(const char* title, int width = 72) const {
        vec lo(1e30f), hi(-1e30f);
        for (const auto& t : traces)
            for (const vec& p : t.points) lo = glm::min(lo, p), hi = glm::max(hi, p);
        for (const auto& [p, c] : labels) lo = glm::min(lo, p), hi = glm::max(hi, p);
        const float span_x = std::max(hi.x - lo.x, 1e-3f);
        const float cell = span_x / static_cast<float>(width - 1);
        const int height = static_cast<int>((hi.y - lo.y) / (2 * cell) + 0.5f) + 1;
        std::vector<std::string> rows(static_cast<std::size_t>(height), std::string(static_cast<std::size_t>(width), ' '));
        const auto put = [&](vec p, char c) {
            const int col = static_cast<int>((p.x - lo.x) / cell + 0.5f);
            const int row = height - 1 - static_cast<int>((p.y - lo.y) / (2 * cell) + 0.5f);
            if (col >= 0 && col < width && row >= 0 && row < height)
                rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = c;
        };
        for (const auto& t : traces)
            for (const vec& p : t.points) put(p, t.mark);
        for (const auto& [p, c] : labels) put(p, c);
        std::printf("%s\n", title);
        for (const auto& row : rows) {
            const auto end = row.find_last_not_of(' ');
            std::printf("  %s\n", end == std::string::npos ? "" : row.substr(0, end + 1).c_str());
        }
        std::printf("\n");
    }
};

// Steps `v` for `seconds`, recording its position every `every` frames.
template <class F>
void record(steer::vehicle2& v, trace& t, float seconds, F steering, int every = 6) {
    const int frames = static_cast<int>(seconds / dt);
    for (int frame = 0; frame < frames; ++frame) {
        v.apply_force(steering(v), dt);
        if (frame % every == 0) t.points.push_back(v.position());
    }
}

void seek_arrival() {
    plot p;
    const vec target(12, 0);
    for (const bool arrive : {false, true}) {
        steer::vehicle2 v({.position = {0, -4}, .velocity = {0, 2}, .max_force = 2, .max_speed = 2});
        record(v, p.add(arrive ? 'o' : '.'), arrive ? 12.0f : 20.0f, [&](const steer::vehicle2& self) {
            return arrive ? steer::arrival(self, target, 4.0f) : steer::seek(self, target);
        });
    }
    p.label({0, -4}, 'S');
    p.label(target, 'T');
    p.print("seek (.) overshoots the target T and runs back through it, again and again; arrival (o, slowing distance 4) stops on it");
}

void pursuit() {
    plot p;
    for (const bool predict : {false, true}) {
        steer::vehicle2 v({.max_force = 2, .max_speed = 1});
        steer::vehicle2 quarry({.position = {10, -4}, .velocity = {0, 0.6f}, .max_speed = 0.6f});
        trace& chaser = p.add(predict ? 'o' : '.');
        trace& prey = p.add('|');
        for (int frame = 0; frame < 60 * 25; ++frame) {
            const vec steering = predict ? steer::pursuit(v, quarry, 5.0f) : steer::seek(v, quarry.position());
            v.apply_force(steering, dt);
            quarry.apply_force(vec(0), dt);
            if (frame % 6 == 0) chaser.points.push_back(v.position()), prey.points.push_back(quarry.position());
            if (glm::length(v.position() - quarry.position()) < 0.5f) {
                p.label(v.position(), predict ? 'P' : 'X');
                break;
            }
        }
    }
    p.label({0, 0}, 'S');
    p.label({10, -4}, 'Q');
    p.print("pursuit (o) heads for where the quarry Q (|) will be and catches it at P; seek (.) chases its tail until X");
}

void offset_pursuit() {
    plot p;
    steer::vehicle2 v({.max_force = 2, .max_speed = 1});
    steer::vehicle2 quarry({.position = {12, -5}, .velocity = {0, 0.5f}, .max_speed = 1});
    trace& us = p.add('o');
    trace& them = p.add('|');
    for (int frame = 0; frame < 60 * 22; ++frame) {
        v.apply_force(steer::offset_pursuit(v, quarry, 2.0f, 3.0f), dt);
        quarry.apply_force(vec(0), dt);
        if (frame % 6 == 0) us.points.push_back(v.position()), them.points.push_back(quarry.position());
    }
    p.label({0, 0}, 'S');
    p.label({12, -5}, 'Q');
    p.print("offset pursuit (o, R = 2) passes the moving quarry (|, drawn over the whole run) about 2 units to its side");
}

void wander() {
    plot p;
    steer::rng gen(3);
    steer::wander_state<vec> state;
    steer::vehicle2 v({.velocity = {1, 0}, .max_force = 1, .max_speed = 1});
    record(v, p.add('.'), 60, [&](const steer::vehicle2& self) { return steer::wander(self, state, gen, dt); });
    p.label({0, 0}, 'S');
    p.label(v.position(), 'E');
    p.print("wander: 60 s of sustained, gently changing turns from S to E");
}

void interpose() {
    plot p;
    steer::vehicle2 v({.position = {-6, -8}, .max_force = 2, .max_speed = 1});
    steer::vehicle2 a({.position = {0, 5}, .velocity = {0.4f, 0}, .max_speed = 1});
    steer::vehicle2 b({.position = {2, -5}, .velocity = {0.3f, 0.1f}, .max_speed = 1});
    trace& us = p.add('o');
    trace& ta = p.add('a');
    trace& tb = p.add('b');
    for (int frame = 0; frame < 60 * 30; ++frame) {
        v.apply_force(steer::interpose(v, a, b), dt);
        a.apply_force(vec(0), dt);
        b.apply_force(vec(0), dt);
        if (frame % 6 == 0) us.points.push_back(v.position()), ta.points.push_back(a.position()), tb.points.push_back(b.position());
    }
    p.label({-6, -8}, 'S');
    p.print("interpose (o) gets between two walkers a and b and stays on the line between them");
}

void shadow() {
    plot p;
    steer::vehicle2 v({.position = {-5, -8}, .max_force = 4, .max_speed = 1});
    steer::vehicle2 quarry({.position = {2, 0}, .velocity = {0.6f, 0}, .max_force = 1, .max_speed = 0.6f});
    trace& us = p.add('o');
    trace& them = p.add('-');
    for (int frame = 0; frame < 60 * 30; ++frame) {
        v.apply_force(steer::shadow(v, quarry, 2.0f, 3.0f), dt);
        quarry.apply_force(quarry.side() * (0.03f * quarry.speed()), dt);
        if (frame % 6 == 0) us.points.push_back(v.position()), them.points.push_back(quarry.position());
    }
    p.label({-5, -8}, 'S');
    p.print("shadow (o, stand-off 2) comes alongside the quarry (-) and then moves with it");
}

void dock() {
    plot p;
    const vec target(0, 0), forward(1, 0);
    const vec starts[] = {{-10, 3}, {0, 7}, {8, 1}};
    const char marks[] = {'.', 'o', '+'};
    for (int i = 0; i < 3; ++i) {
        steer::vehicle2 v({.position = starts[i], .max_force = 4, .max_speed = 2});
        record(v, p.add(marks[i]), 30, [&](const steer::vehicle2& self) { return steer::dock(self, target, forward, 2.0f); });
        p.label(starts[i], 'S');
    }
    p.label(target, '>');
    p.print("dock at > facing +x: from behind (.), beside (o) and in front (+) every approach ends moving along +x");
}

void patrol() {
    plot p;
    const std::vector<vec> checkpoints = {{0, 0}, {10, 0}, {10, 6}, {2, 7}};
    steer::vehicle2 v({.position = {-3, -3}, .max_force = 2, .max_speed = 1.5f});
    steer::patrol_state state;
    record(v, p.add('.'), 60, [&](const steer::vehicle2& self) {
        return steer::patrol(self, checkpoints, state, {.slowing_distance = 2, .reach_radius = 0.3f});
    });
    for (std::size_t i = 0; i < checkpoints.size(); ++i) p.label(checkpoints[i], static_cast<char>('1' + i));
    p.label({-3, -3}, 'S');
    p.print("patrol (loop) slows into each checkpoint 1-2-3-4 and on round again");
}

}  // namespace

int main(int argc, char** argv) {
    struct entry {
        const char* name;
        void (*run)();
    };
    const entry plots[] = {{"seek_arrival", seek_arrival}, {"pursuit", pursuit}, {"offset_pursuit", offset_pursuit},
                           {"wander", wander},             {"interpose", interpose}, {"shadow", shadow},
                           {"dock", dock},                 {"patrol", patrol}};
    bool any = false;
    for (const entry& e : plots) {
        bool wanted = argc < 2;
        for (int i = 1; i < argc; ++i) wanted = wanted || std::strcmp(argv[i], e.name) == 0;
        if (wanted) e.run(), any = true;
    }
    if (!any) {
        std::fprintf(stderr, "unknown plot; names:");
        for (const entry& e : plots) std::fprintf(stderr, " %s", e.name);
        std::fprintf(stderr, "\n");
        return 1;
    }
}
