#!/bin/bash
D=/tmp/hs-prof-K9SjYO
(PORT=3998 node --import tsx bench/hello-server.ts > /dev/null 2>&1 & echo $! > /tmp/hello.pid)
(NODE_ENV=production PORT=3951 HOST=127.0.0.1 DATA_DIR=$D LOG_LEVEL=warn MAIL_WORKER=off node $NODEFLAGS --import tsx src/server/main.ts > /tmp/srv.log 2>&1 & echo $! > /tmp/srv.pid)
for i in $(seq 1 60); do curl -s -o /dev/null localhost:3951/api/health && break; sleep 0.5; done
