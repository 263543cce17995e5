-- wrk script: POST /api/contact-submissions, each request from its own made-up address
-- (X-Forwarded-For; run the server with TRUST_PROXY=127.0.0.1), as a crowd of parents would send them.
-- Counts 201s, so the summary says how many enquiries were acknowledged.
-- Usage: wrk -t2 -c32 -d10s -s scripts/enquiry-post.lua http://127.0.0.1:3000
wrk.method = "POST"
wrk.path = "/api/contact-submissions"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"firstName":"Bench","lastName":"Parent","email":"parent@example.test",' ..
  '"mobile":"07700 900123","message":"Do you have space in the Saturday maths group?"}'

local counter = 0
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  created = 0
  other = 0
end

function request()
  counter = counter + 1
  local address = string.format("10.%d.%d.%d", id, math.floor(counter / 256) % 256, counter % 256)
  wrk.headers["X-Forwarded-For"] = address
  return wrk.format()
end

function response(status, headers, body)
  if status == 201 then created = created + 1 else other = other + 1 end
end

function done(summary, latency, requests)
  local acknowledged, refused = 0, 0
  for _, thread in ipairs(threads) do
    acknowledged = acknowledged + thread:get("created")
    refused = refused + thread:get("other")
  end
  io.write(string.format("acknowledged (201): %d, %.0f/s; other statuses: %d\n",
    acknowledged, acknowledged / (summary.duration / 1e6), refused))
end
