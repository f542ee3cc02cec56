#!/bin/bash
# usage: bench/.tmp-cmp.sh  (server on 3951, hello on 3998)
for i in 1 2; do
for u in "http://127.0.0.1:3998/" "http://127.0.0.1:3951/api/categories/list" "http://127.0.0.1:3951/api/treatments/list?activeOnly=1"; do
  echo -n "$u "; npx autocannon -j -c 50 -d 4 -H 'host: rrb.localhost' "$u" 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s);console.log(Math.round(r.requests.average),"p99",r.latency.p99)})'
done; done
npx autocannon -j -c 50 -d 6 -m POST -H 'host: rrb.localhost' -H 'content-type: application/json' -b '{"bookingDate":"2026-11-25","estmatedDuration":60}' http://127.0.0.1:3951/api/bookings/time 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s);console.log("time",Math.round(r.requests.average),"p50",r.latency.p50,"p99",r.latency.p99)})'
