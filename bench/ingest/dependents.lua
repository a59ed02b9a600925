-- wrk script: GET /v1/dependents as the seeded guardians (one token per line in HOMEWARD_TOKENS),
-- rotating over them, each connection waiting HOMEWARD_DELAY_MS (default 0) between requests so
-- that the poll rate stays that of guardians' phones rather than wrk's maximum.
local tokens = {}
local next_index = 0
local delay_ms = 0

function init(args)
    for line in io.lines(os.getenv("HOMEWARD_TOKENS")) do tokens[#tokens + 1] = line end
    delay_ms = tonumber(os.getenv("HOMEWARD_DELAY_MS") or "0")
end

-- Defined only when asked for: wrk paces every request through a timer once a script has delay().
if tonumber(os.getenv("HOMEWARD_DELAY_MS") or "0") > 0 then
    function delay()
        return delay_ms
    end
end

function request()
    next_index = next_index % #tokens + 1
    return wrk.format("GET", "/v1/dependents", { ["Authorization"] = "Bearer " .. tokens[next_index] })
end
