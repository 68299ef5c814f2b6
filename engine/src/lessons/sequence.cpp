#include "attnbook/lessons/sequence.hpp"

#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/explore_row.hpp"

#include "attnbook/core/fixed_rows.hpp"

namespace attnbook {

SequenceInput sequence_example() {
    static constexpr double queries[3][2] = {{2, 1}, {1, -1}, {0, 2}};
    static constexpr double keys[3][2] = {{-1, 2}, {1, 0}, {0, 1}};
    static constexpr double values[3][2] = {{2, 0}, {0, 2}, {-1, -1}};
    SequenceInput in;
    in.queries = rows_from(queries);
    in.keys = rows_from(keys);
    in.values = rows_from(values);
    return in;
}

SequenceResult sequence_rows(const SequenceInput& in) {
    if (in.queries.empty()) throw UserError("queries: needs at least one row");
    if (!in.mask.empty() && in.mask.size() != in.queries.size())
        throw UserError("mask: has " + std::to_string(in.mask.size()) + " rows but queries has " +
                        std::to_string(in.queries.size()));
    SequenceResult out;
    for (std::size_t r = 0; r < in.queries.size(); ++r) {
        ExploreInput row_in;
        row_in.query = in.queries[r];
        row_in.keys = in.keys;
        row_in.values = in.values;
        row_in.divisor = in.divisor;
        if (!in.mask.empty()) {
            if (in.mask[r].size() != in.keys.size())
                throw UserError("mask[" + std::to_string(r) + "] has " + std::to_string(in.mask[r].size()) +
                                " entries but there are " + std::to_string(in.keys.size()) + " sources");
            row_in.mask = in.mask[r];
        }
        ExploreRow row;
        try {
            row = explore_row(row_in);
        } catch (const UserError& e) {
            // explore_row names "query"; here it is one of several rows.
            const std::string what = e.what();
            if (what.rfind("query", 0) == 0) throw UserError("queries[" + std::to_string(r) + "]" + what.substr(5));
            throw UserError("row " + std::to_string(r) + ": " + what);
        }
        out.scores.push_back(row.scores);
        out.shares.push_back(row.shares);
        out.outputs.push_back(row.output);
        out.all_masked.push_back(row.all_masked);
    }
    return out;
}

}  // namespace attnbook
