-- wrk script: GET each path of HOMEWARD_PATHS (one a line) in turn as the guardian whose token is
-- HOMEWARD_TOKEN: the reads of bench/growth.sh (a person's latest position, the dependents list, one
-- day's history as JSON and as GeoJSON).
local paths = {}
local next_index = 0
local token

function init(args)
    for line in io.lines(os.getenv("HOMEWARD_PATHS")) do paths[#paths + 1] = line end
    token = os.getenv("HOMEWARD_TOKEN")
end

function request()
    next_index = next_index % #paths + 1
    return wrk.format("GET", paths[next_index], { ["Authorization"] = "Bearer " .. token })
end
