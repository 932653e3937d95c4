// SPDX-License-Identifier: GPL-2.0
/*
 * pwm-sim: a PWM controller that drives nothing and remembers what it was told, for
 * gpioagg's real-kernel tests. Debian's kernel has no PWM simulator; this registers a
 * real pwm_chip on a platform device of its own, so that a test drives it through the
 * kernel's own sysfs interface (/sys/class/pwm/pwmchipN/export, pwmM/period, ...) and
 * reads back, from the device's `applied` attribute, the state the driver received:
 *
 *   insmod pwm-sim.ko device=fe20c000.pwm npwm=2
 *   cat /sys/devices/platform/fe20c000.pwm/applied
 *   0 40000 16000 inversed 1 4     (channel, period ns, duty cycle ns, polarity,
 *   1 0 0 normal 0 0                enabled, calls to apply)
 *
 * Parameters:
 *   device           the platform device's name, the `device` link of pwmchipN
 *                    (default "pwm-sim"; "fe20c000.pwm" looks like a Pi 4's,
 *                    "1f00098000.pwm" like a Pi 5's)
 *   npwm             channels, 1 to 64 (default 4)
 *   refuse_polarity  refuse an inversed polarity with -EINVAL, as drivers of
 *                    controllers without it do (default false; writable at
 *                    /sys/module/pwm_sim/parameters/refuse_polarity)
 *
 * Built out of tree by scripts/kernel-test/prepare against Debian's 6.1 headers.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/pwm.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

#define PWM_SIM_MAX_CHANNELS 64

static char *device = "pwm-sim";
module_param(device, charp, 0444);
MODULE_PARM_DESC(device, "platform device name, e.g. fe20c000.pwm or 1f00098000.pwm");

static unsigned int npwm = 4;
module_param(npwm, uint, 0444);
MODULE_PARM_DESC(npwm, "number of channels (1 to 64)");

static bool refuse_polarity;
module_param(refuse_polarity, bool, 0644);
MODULE_PARM_DESC(refuse_polarity, "refuse an inversed polarity with -EINVAL");

struct pwm_sim_channel {
	struct pwm_state state;
	unsigned long applies;
};

struct pwm_sim {
	struct pwm_chip chip;
	struct mutex lock;	/* guards channels */
	struct pwm_sim_channel channels[PWM_SIM_MAX_CHANNELS];
};

static struct platform_device *pwm_sim_device;
static struct pwm_sim *pwm_sim;

static struct pwm_sim *to_pwm_sim(struct pwm_chip *chip)
{
	return container_of(chip, struct pwm_sim, chip);
}

static int pwm_sim_apply(struct pwm_chip *chip, struct pwm_device *pwm,
			 const struct pwm_state *state)
{
	struct pwm_sim *sim = to_pwm_sim(chip);

	if (refuse_polarity && state->polarity != PWM_POLARITY_NORMAL)
		return -EINVAL;
	mutex_lock(&sim->lock);
	sim->channels[pwm->hwpwm].state = *state;
	sim->channels[pwm->hwpwm].applies++;
	mutex_unlock(&sim->lock);
	return 0;
}

/* What the "hardware" runs: a channel exported again starts from it, as on a real one. */
static int pwm_sim_get_state(struct pwm_chip *chip, struct pwm_device *pwm,
			     struct pwm_state *state)
{
	struct pwm_sim *sim = to_pwm_sim(chip);

	mutex_lock(&sim->lock);
	*state = sim->channels[pwm->hwpwm].state;
	mutex_unlock(&sim->lock);
	return 0;
}

static const struct pwm_ops pwm_sim_ops = {
	.apply = pwm_sim_apply,
	.get_state = pwm_sim_get_state,
	.owner = THIS_MODULE,
};

static ssize_t applied_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct pwm_sim *sim = pwm_sim;
	ssize_t length = 0;
	unsigned int i;

	mutex_lock(&sim->lock);
	for (i = 0; i < sim->chip.npwm; i++) {
		const struct pwm_sim_channel *channel = &sim->channels[i];

		length += sysfs_emit_at(buf, length, "%u %llu %llu %s %d %lu\n", i,
					channel->state.period, channel->state.duty_cycle,
					channel->state.polarity == PWM_POLARITY_INVERSED ?
						"inversed" : "normal",
					channel->state.enabled ? 1 : 0, channel->applies);
	}
	mutex_unlock(&sim->lock);
	return length;
}
static DEVICE_ATTR_RO(applied);

static int __init pwm_sim_init(void)
{
	int ret;

	if (npwm < 1 || npwm > PWM_SIM_MAX_CHANNELS) {
		pr_err("pwm-sim: npwm=%u: give 1 to %d\n", npwm, PWM_SIM_MAX_CHANNELS);
		return -EINVAL;
	}
	pwm_sim = kzalloc(sizeof(*pwm_sim), GFP_KERNEL);
	if (!pwm_sim)
		return -ENOMEM;
	mutex_init(&pwm_sim->lock);

	pwm_sim_device = platform_device_register_simple(device, PLATFORM_DEVID_NONE, NULL, 0);
	if (IS_ERR(pwm_sim_device)) {
		ret = PTR_ERR(pwm_sim_device);
		goto free;
	}
	ret = device_create_file(&pwm_sim_device->dev, &dev_attr_applied);
	if (ret)
		goto unregister;

	pwm_sim->chip.dev = &pwm_sim_device->dev;
	pwm_sim->chip.ops = &pwm_sim_ops;
	pwm_sim->chip.npwm = npwm;
	ret = pwmchip_add(&pwm_sim->chip);
	if (ret)
		goto remove_file;
	pr_info("pwm-sim: %u channels on %s%s\n", npwm, device,
		refuse_polarity ? ", normal polarity only" : "");
	return 0;

remove_file:
	device_remove_file(&pwm_sim_device->dev, &dev_attr_applied);
unregister:
	platform_device_unregister(pwm_sim_device);
free:
	kfree(pwm_sim);
	return ret;
}

static void __exit pwm_sim_exit(void)
{
	pwmchip_remove(&pwm_sim->chip);
	device_remove_file(&pwm_sim_device->dev, &dev_attr_applied);
	platform_device_unregister(pwm_sim_device);
	kfree(pwm_sim);
}

module_init(pwm_sim_init);
module_exit(pwm_sim_exit);

MODULE_DESCRIPTION("A simulated PWM controller that records what it is applied, for tests");
MODULE_LICENSE("GPL");
