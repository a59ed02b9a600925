-- wrk script: POST /v1/locations with SAMPLES fixes per request (env HOMEWARD_SAMPLES, default 1),
-- rotating over the seeded phones' tokens (one per line in HOMEWARD_TOKENS). Account i's fixes are
-- 8 s apart from HOMEWARD_BASE_MS on, each with a client id, so every sample is new (no duplicate)
-- and the accounts' rows interleave in the table as they would on a real server. HOMEWARD_DELAY_MS
-- (default 0) makes each connection wait that long between requests, to hold a steady ingest rate.
local tokens = {}
local samples_per_request = 1
local rounds = {}
local next_account = 0
local base_ms = 0
local thread_count = 0
local fix_spacing_ms = 8000
local thread_offset_ms = 86400000
local delay_ms = 0

function setup(thread)
    thread:set("thread_index", thread_count)
    thread_count = thread_count + 1
end

function init(args)
    for line in io.lines(os.getenv("HOMEWARD_TOKENS")) do tokens[#tokens + 1] = line end
    samples_per_request = tonumber(os.getenv("HOMEWARD_SAMPLES") or "1")
    base_ms = tonumber(os.getenv("HOMEWARD_BASE_MS")) + (thread_index or 0) * thread_offset_ms
    delay_ms = tonumber(os.getenv("HOMEWARD_DELAY_MS") or "0")
end

-- Defined only when asked for: wrk paces every request through a timer once a script has delay().
if tonumber(os.getenv("HOMEWARD_DELAY_MS") or "0") > 0 then
    function delay()
        return delay_ms
    end
end

-- A phone's battery drains about 1 % per 75 fixes (10 minutes at 8 s) and stays above the low-battery
-- threshold. HOMEWARD_BATTERY=cycle gives the earlier pattern, 100 % down to 1 % every 100 fixes, which
-- raises and resolves a low-battery alert every 50 fixes: an alert load rather than an ingest one.
local cycle_battery = os.getenv("HOMEWARD_BATTERY") == "cycle"
function battery(round)
    if cycle_battery then return 100 - round % 100 end
    return math.max(25, 100 - math.floor(round / 75))
end

function request()
    local account = next_account + 1
    local parts = {}
    for i = 1, samples_per_request do
        local round = rounds[account] or 0
        rounds[account] = round + 1
        local t_ms = base_ms + round * fix_spacing_ms
        parts[i] = string.format(
            '{"id":"%d-%d","t":%.0f.%03d,"lat":%.7f,"lon":%.7f,"accuracy":%d,"altitude":%d,"speed":1.%d,"heading":%d,"battery":%d}',
            account, round, math.floor(t_ms / 1000), t_ms % 1000, 51.5 + account * 1e-4 + (round % 50) * 1e-5,
            -0.12 + (round % 37) * 1e-5, 5 + round % 20, 30 + round % 7, round % 10, round % 360, battery(round))
    end
    next_account = (next_account + 1) % #tokens
    local body = '{"samples":[' .. table.concat(parts, ",") .. ']}'
    return wrk.format("POST", "/v1/locations", {
        ["Authorization"] = "Bearer " .. tokens[account],
        ["Content-Type"] = "application/json",
    }, body)
end
