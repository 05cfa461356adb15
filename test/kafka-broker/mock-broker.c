/*
 * mock-broker: the Kafka-protocol broker of Sky-alert's tests and benchmarks.
 *
 * It runs the mock cluster built into librdkafka (public API of
 * <librdkafka/rdkafka_mock.h>, Debian package librdkafka-dev) as a process
 * of its own:
 *
 *   mock-broker [-b BROKERS] [TOPIC:PARTITIONS ...]
 *
 *   -b N              brokers in the cluster (default 1), ids 1..N, each
 *                     listening on 127.0.0.1 on a port the system picks
 *   TOPIC:PARTITIONS  a topic created before the broker reports ready,
 *                     replication factor 1, leaders spread over the brokers
 *
 * Once every listener is up and the topics exist, it prints the bootstrap
 * list ("127.0.0.1:PORT,127.0.0.1:PORT...") as one line on standard output:
 * that line is the ready signal. It then runs until its standard input ends
 * (the parent closed the pipe, or died: no orphan broker outlives its test)
 * or it receives SIGTERM/SIGINT. The data lives in memory only.
 *
 * test/support/kafka-broker.ts compiles and starts it; test/kafka-broker/
 * README.md lists what the mock cluster does and does not do.
 *
 * Build: gcc -O2 -Wall -o mock-broker mock-broker.c -lrdkafka
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

/* Highest file descriptor searched for the cluster's listening sockets. */
#define MAX_FD 4096

static void usage(const char *argv0) {
        fprintf(stderr, "usage: %s [-b BROKERS] [TOPIC:PARTITIONS ...]\n",
                argv0);
}

/* A positive decimal number, or -1 when text is anything else. */
static int positive(const char *text) {
        char *end;
        long value;
        errno = 0;
        value = strtol(text, &end, 10);
        if (errno || end == text || *end || value < 1 || value > 1000000)
                return -1;
        return (int)value;
}

/* Creates the topic of a "NAME:PARTITIONS" argument; 0 on success. */
static int create_topic(rd_kafka_mock_cluster_t *cluster, const char *spec) {
        const char *colon = strrchr(spec, ':');
        char name[256];
        int partitions;
        rd_kafka_resp_err_t err;

        if (!colon || colon == spec || (size_t)(colon - spec) >= sizeof(name) ||
            (partitions = positive(colon + 1)) < 0) {
                fprintf(stderr, "mock-broker: bad topic '%s' (NAME:PARTITIONS)\n",
                        spec);
                return -1;
        }
        memcpy(name, spec, (size_t)(colon - spec));
        name[colon - spec] = '\0';
        err = rd_kafka_mock_topic_create(cluster, name, partitions, 1);
        if (err) {
                fprintf(stderr, "mock-broker: topic %s: %s\n", name,
                        rd_kafka_err2str(err));
                return -1;
        }
        return 0;
}

/*
 * Sets TCP_NODELAY on the cluster's listening sockets; returns how many.
 *
 * The mock accepts client connections with Nagle's algorithm on. kafkajs
 * pipelines small requests (one OffsetCommit per partition, for instance),
 * and with Nagle each small response after the first waits for the client's
 * delayed ACK, about 40 ms. librdkafka has no public setting for the
 * sockets of its mock listeners, but Linux copies TCP_NODELAY from a
 * listening socket to the connections it accepts. The listeners are the
 * only listening sockets of this process: find them among its descriptors
 * (SO_ACCEPTCONN) and set the option there, before any client connects.
 */
static int no_delay_on_listeners(void) {
        int fd, listening, on = 1, count = 0;
        socklen_t len;

        for (fd = 0; fd < MAX_FD; fd++) {
                len = sizeof(listening);
                if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening,
                               &len) || !listening)
                        continue; /* not a socket, or not listening */
                if (!setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on)))
                        count++;
        }
        return count;
}

int main(int argc, char **argv) {
        int brokers = 1, opt, i;
        char errstr[512], buf[256];
        rd_kafka_conf_t *conf;
        rd_kafka_t *rk;
        rd_kafka_mock_cluster_t *cluster;
        ssize_t n;

        while ((opt = getopt(argc, argv, "b:h")) != -1) {
                if (opt == 'b' && (brokers = positive(optarg)) > 0)
                        continue;
                usage(argv[0]);
                return opt == 'h' ? 0 : 2;
        }

        /* A client that has written half a request and gone must not kill
         * the broker with SIGPIPE. */
        signal(SIGPIPE, SIG_IGN);

        /* The mock cluster lives in a client handle (its threads and
         * logging); this handle itself connects nowhere. Warnings and errors
         * only: without bootstrap.servers it would log a notice. */
        conf = rd_kafka_conf_new();
        if (rd_kafka_conf_set(conf, "client.id", "skyalert-mock-broker", errstr,
                              sizeof(errstr)) ||
            rd_kafka_conf_set(conf, "log_level", "4", errstr, sizeof(errstr))) {
                fprintf(stderr, "mock-broker: %s\n", errstr);
                return 1;
        }
        rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
        if (!rk) {
                fprintf(stderr, "mock-broker: %s\n", errstr);
                return 1;
        }
        cluster = rd_kafka_mock_cluster_new(rk, brokers);
        if (!cluster) {
                fprintf(stderr, "mock-broker: cannot create the mock cluster\n");
                return 1;
        }
        if (no_delay_on_listeners() != brokers)
                fprintf(stderr, "mock-broker: warning: TCP_NODELAY not set on "
                                "every listener; small responses may wait "
                                "40 ms\n");
        for (i = optind; i < argc; i++)
                if (create_topic(cluster, argv[i]))
                        return 1;

        printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
        fflush(stdout);

        /* Run until standard input ends; SIGTERM and SIGINT end the process
         * through their default action. */
        while ((n = read(STDIN_FILENO, buf, sizeof(buf))) > 0 ||
               (n < 0 && errno == EINTR))
                ;

        /* Nothing to save, and rd_kafka_mock_cluster_destroy() with
         * rd_kafka_destroy() take about a second to join librdkafka's
         * threads: leave at once. */
        _exit(0);
}
