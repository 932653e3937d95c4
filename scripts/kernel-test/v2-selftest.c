// Harness self-test for the libgpiod v2 path, run inside the guest by
// scripts/kernel-test/selftest: creates a gpio-sim chip through configfs, opens it with
// libgpiod v2, prints its label, and checks that a simulated switch closing gives a
// rising edge event stamped on CLOCK_MONOTONIC.
#include <errno.h>
#include <gpiod.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define DEV "/sys/kernel/config/gpio-sim/v2"

static void fail(const char *what)
{
	printf("v2-selftest: FAIL: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0)
		fail(path);
}

static void read_file(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");

	if (!f || !fgets(buf, (int)size, f))
		fail(path);
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
}

static uint64_t now_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int main(void)
{
	char dev_name[64], chip_name[64], path[256];
	const unsigned int offset = 1;

	if (mkdir(DEV, 0755) || mkdir(DEV "/bank0", 0755) || mkdir(DEV "/bank0/line1", 0755))
		fail("mkdir " DEV);
	write_file(DEV "/bank0/num_lines", "4");
	write_file(DEV "/bank0/label", "v2-label");
	write_file(DEV "/bank0/line1/name", "BTN");
	write_file(DEV "/live", "1");
	read_file(DEV "/dev_name", dev_name, sizeof(dev_name));
	read_file(DEV "/bank0/chip_name", chip_name, sizeof(chip_name));

	snprintf(path, sizeof(path), "/dev/%s", chip_name);
	struct gpiod_chip *chip = gpiod_chip_open(path);
	if (!chip)
		fail(path);
	struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
	if (!info)
		fail("gpiod_chip_get_info");
	printf("v2-selftest: libgpiod %s, %s: label \"%s\", %zu lines\n", gpiod_api_version(),
	       path, gpiod_chip_info_get_label(info), gpiod_chip_info_get_num_lines(info));
	if (strcmp(gpiod_chip_info_get_label(info), "v2-label") != 0) {
		printf("v2-selftest: FAIL: label is not v2-label\n");
		return 1;
	}
	gpiod_chip_info_free(info);

	// The request's pull-down becomes the simulated pull; writing "pull-up" afterwards
	// is the switch closing to the supply.
	struct gpiod_line_settings *settings = gpiod_line_settings_new();
	struct gpiod_line_config *line_config = gpiod_line_config_new();
	struct gpiod_request_config *request_config = gpiod_request_config_new();
	if (!settings || !line_config || !request_config)
		fail("allocating the request");
	gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT);
	gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH);
	gpiod_line_settings_set_bias(settings, GPIOD_LINE_BIAS_PULL_DOWN);
	if (gpiod_line_config_add_line_settings(line_config, &offset, 1, settings))
		fail("gpiod_line_config_add_line_settings");
	gpiod_request_config_set_consumer(request_config, "v2-selftest");
	struct gpiod_line_request *request =
		gpiod_chip_request_lines(chip, request_config, line_config);
	if (!request)
		fail("gpiod_chip_request_lines");

	snprintf(path, sizeof(path), "/sys/devices/platform/%s/%s/sim_gpio%u/pull", dev_name,
		 chip_name, offset);
	char pull[32];
	read_file(path, pull, sizeof(pull));
	printf("v2-selftest: %s after a pull-down request: %s\n", path, pull);

	uint64_t before = now_ns(CLOCK_MONOTONIC);
	write_file(path, "pull-up");
	uint64_t after = now_ns(CLOCK_MONOTONIC);

	struct gpiod_edge_event_buffer *events = gpiod_edge_event_buffer_new(4);
	if (gpiod_line_request_wait_edge_events(request, 2000000000) != 1)
		fail("no edge event within 2 s");
	if (gpiod_line_request_read_edge_events(request, events, 4) < 1)
		fail("gpiod_line_request_read_edge_events");
	struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(events, 0);
	uint64_t stamp = gpiod_edge_event_get_timestamp_ns(event);
	int rising = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
	printf("v2-selftest: %s edge on line %u at %llu ns; CLOCK_MONOTONIC around the write: "
	       "%llu..%llu ns, CLOCK_REALTIME now %llu ns\n",
	       rising ? "rising" : "falling", gpiod_edge_event_get_line_offset(event),
	       (unsigned long long)stamp, (unsigned long long)before, (unsigned long long)after,
	       (unsigned long long)now_ns(CLOCK_REALTIME));
	if (!rising || stamp < before || stamp > after) {
		printf("v2-selftest: FAIL: expected a rising edge stamped on CLOCK_MONOTONIC\n");
		return 1;
	}
	if (gpiod_line_request_get_value(request, offset) != GPIOD_LINE_VALUE_ACTIVE) {
		printf("v2-selftest: FAIL: line reads inactive under pull-up\n");
		return 1;
	}

	gpiod_edge_event_buffer_free(events);
	gpiod_line_request_release(request);
	gpiod_request_config_free(request_config);
	gpiod_line_config_free(line_config);
	gpiod_line_settings_free(settings);
	gpiod_chip_close(chip);
	printf("v2-selftest: all checks passed\n");
	return 0;
}
