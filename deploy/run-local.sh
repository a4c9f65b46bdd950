#!/usr/bin/env bash
# Runs the whole HowAlarming system on this machine under supervisord, in the foreground:
# `make run` calls it after building the release executables.
#
# beanstalkd (loopback, binlog in .run/beanstalkd), the panel simulator, the integrator, the
# log, push and command consumers, and the MQTT bridge with a local mosquitto (loopback, user
# howalarming with a random password, nothing persisted), with a configuration generated in
# .run/config.yaml. The supervisord configuration is deploy/supervisord/howalarming.conf with local
# paths and the bridge started, plus the simulator and mosquitto. Ctrl-C stops everything (each
# program gets SIGTERM and finishes its job in flight).
#
# Usage: deploy/run-local.sh BIN_DIR
#   BIN_DIR   where the built executables are (`swift build -c release --show-bin-path`)
# Ports are the first free ones from: beanstalkd 11300, panel 4025 (control 4125), API 8080,
# MQTT 1883; set BEANSTALKD_PORT, PANEL_PORT, CONTROL_PORT, API_PORT or MQTT_PORT to choose. HOWALARMING_RUN_DIR
# replaces .run (the tests use a temporary directory); EXIT_DELAY sets the simulated panel's exit
# delay in seconds (default 10).
set -euo pipefail

bin_dir=$(cd "${1:?usage: deploy/run-local.sh BIN_DIR}" && pwd)
cd "$(dirname "$0")/.."
run_dir=${HOWALARMING_RUN_DIR:-$(pwd)/.run}
config=$run_dir/config.yaml
logs=$run_dir/logs

free_port() {
    local port=$1
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
        port=$((port + 1))
    done
    echo "$port"
}

for tool in supervisord beanstalkd mosquitto mosquitto_passwd; do
    if ! PATH="$PATH:/usr/bin:/usr/sbin" command -v "$tool" >/dev/null; then
        echo "$tool is not installed: run \`make run\`, which installs it" >&2
        exit 1
    fi
done
beanstalkd=$(PATH="$PATH:/usr/bin:/usr/sbin" command -v beanstalkd)
mosquitto=$(PATH="$PATH:/usr/bin:/usr/sbin" command -v mosquitto)
mosquitto_passwd=$(PATH="$PATH:/usr/bin:/usr/sbin" command -v mosquitto_passwd)

beanstalkd_port=${BEANSTALKD_PORT:-$(free_port 11300)}
panel_port=${PANEL_PORT:-$(free_port 4025)}
control_port=${CONTROL_PORT:-$(free_port 4125)}
api_port=${API_PORT:-$(free_port 8080)}
mqtt_port=${MQTT_PORT:-$(free_port 1883)}
proxy_port=${PROXY_PORT:-$(free_port 4026)}
panel_password=$(head -c 3 /dev/urandom | od -An -tx1 | tr -d ' \n')
# The TPI proxy's one client, for Home Assistant's envisalink integration or any TPI client.
proxy_password=$(head -c 3 /dev/urandom | od -An -tx1 | tr -d ' \n')
master_code=1234
exit_delay=${EXIT_DELAY:-10}
mqtt_user=howalarming
mqtt_password=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')

mkdir -p "$run_dir/beanstalkd" "$run_dir/mosquitto" "$logs"

# The local MQTT broker: loopback only, no anonymous clients, one user (the bridge's, which the
# banner offers to Home Assistant and mosquitto_sub too), and no persistence: every run starts
# empty and the bridge publishes its retained state and discovery configs again when it connects.
# The bridge reads the password from mqtt-password; mosquitto keeps only its hash.
mqtt_password_file=$run_dir/mqtt-password
(umask 077 && printf '%s\n' "$mqtt_password" >"$mqtt_password_file")
chmod 600 "$mqtt_password_file"
proxy_password_file=$run_dir/tpi-homeassistant-password
(umask 077 && printf '%s\n' "$proxy_password" >"$proxy_password_file")
rm -f "$run_dir/mosquitto/passwd"
(umask 077 && "$mosquitto_passwd" -b -c "$run_dir/mosquitto/passwd" "$mqtt_user" "$mqtt_password")
mosquitto_config=$run_dir/mosquitto/mosquitto.conf
cat >"$mosquitto_config" <<MOSQUITTO
# Written by \`make run\` (deploy/run-local.sh) on every run: edit the script, not this file.
# Started as root, mosquitto would switch to the mosquitto user, who cannot read these files.
user $(id -un)
listener $mqtt_port 127.0.0.1
allow_anonymous false
password_file $run_dir/mosquitto/passwd
persistence false
# Without it mosquitto holds a small packet while an earlier one is unacknowledged (Nagle): the
# bridge's second and third PUBACKs of an event wait up to 40 ms (docs/mqtt.md).
set_tcp_nodelay true
log_dest stdout
MOSQUITTO

cat >"$config" <<YAML
# Written by \`make run\` (deploy/run-local.sh) on every run: edit the script, not this file.
beanstalkd:
  host: 127.0.0.1
  port: $beanstalkd_port
  tubes:
    commands: [commands]
    events: [cli, push, log, command, mqtt]
envisalinkd:
  host: 127.0.0.1
  port: $panel_port
  password: "$panel_password"
  code_master: "$master_code"
  zones: {"001": Front door, "002": Hall PIR}
  users: {"40": Master}
  exit_delay: $exit_delay
  spool: $run_dir/envisalink-spool.jsonl
  sequence_file: $run_dir/envisalink.sequence
  proxy:
    listen: 127.0.0.1:$proxy_port
    clients:
      homeassistant: {password_file: $proxy_password_file, permission: control}
push:
  database: $run_dir/push.sqlite
log:
  file: $run_dir/events.jsonl
command:
  listen: 127.0.0.1:$api_port
  database: $run_dir/command.sqlite
mqtt:
  host: 127.0.0.1
  port: $mqtt_port
  username: $mqtt_user
  password_file: $mqtt_password_file
YAML
chmod 600 "$config"

# deploy/supervisord/howalarming.conf with this machine's paths and ports, no dedicated user,
# the MQTT bridge started with the others (its mqtt: section is written above), the simulated
# panel in front, and the local broker beside the group.
supervisor_config=$run_dir/supervisord.conf
{
    cat <<CONF
; Written by \`make run\` (deploy/run-local.sh) from deploy/supervisord/howalarming.conf.
[supervisord]
nodaemon=true
logfile=$logs/supervisord.log
pidfile=$run_dir/supervisord.pid
childlogdir=$logs

[unix_http_server]
file=$run_dir/supervisor.sock

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface

[supervisorctl]
serverurl=unix://$run_dir/supervisor.sock

[program:simulator]
command=$bin_dir/envisalink-simulator --port $panel_port --control-port $control_port --password $panel_password --master-code $master_code --zone "1=Front door" --zone "2=Hall PIR" --exit-delay $exit_delay --no-stdin-control
priority=20
autorestart=unexpected
exitcodes=0
stopsignal=TERM
stopwaitsecs=15
redirect_stderr=true
stdout_logfile=$logs/simulator.log

; Not in the howalarming group: supervisord stops a group's programs all at once, but one group
; after another, the highest priority first (the group has the default, 999). So the broker starts
; first and stops only once the bridge has stopped and said offline.
[program:mosquitto]
command=$mosquitto -c $mosquitto_config
priority=15
autorestart=true
startsecs=1
stopsignal=TERM
stopwaitsecs=15
redirect_stderr=true
stdout_logfile=$logs/mosquitto.log
CONF
    sed -e "s|/usr/local/bin/|$bin_dir/|g" \
        -e "s|/etc/howalarming/config.yaml|$config|g" \
        -e "s|/var/lib/howalarming/beanstalkd|$run_dir/beanstalkd|g" \
        -e "s|/var/log/howalarming/|$logs/|g" \
        -e "s|/usr/bin/beanstalkd|$beanstalkd|" \
        -e "s|-p 11300|-p $beanstalkd_port|" \
        -e "s|^programs=|programs=simulator,|" \
        -e "/^\[program:mqtt\]$/,/^\[/s|^autostart=false$|autostart=true|" \
        -e "/^user=howalarming$/d" \
        deploy/supervisord/howalarming.conf
} >"$supervisor_config"

"$bin_dir/howalarming-command" tokens revoke make-run --config "$config" >/dev/null 2>&1 || true
token=$("$bin_dir/howalarming-command" tokens create --name make-run --scope control --config "$config" | tail -n 1)

# The banner shows the API token, the local broker's password and the TPI proxy client's: all are
# made for this run, on loopback, and needed to try it. No log has any: the configuration names the
# passwords' files (mode 600), the bridge and the integrator never log them, and mosquitto logs user
# names only.
cat <<TRY
HowAlarming is starting under supervisord (Ctrl-C stops everything).

  configuration  $config
  logs           $logs/ (one per program), the event log $run_dir/events.jsonl
  beanstalkd     127.0.0.1:$beanstalkd_port (binlog in $run_dir/beanstalkd)
  panel          simulated on 127.0.0.1:$panel_port, its control port 127.0.0.1:$control_port
  HTTP API       http://127.0.0.1:$api_port, token (control scope):
$token
  MQTT broker    mosquitto on 127.0.0.1:$mqtt_port, user $mqtt_user, password $mqtt_password
                 the bridge publishes under howalarming/home/ (site home)
  TPI proxy      127.0.0.1:$proxy_port, client homeassistant (control), password $proxy_password
                 the integrator shares the panel as an EVL would (docs/tpi-proxy.md)

Home Assistant (the broker listens on loopback: Home Assistant on this machine, or in a container
with host networking): Settings → Devices & services → Add integration → MQTT, with broker
127.0.0.1, port $mqtt_port, user name $mqtt_user and password $mqtt_password. The partition, zones,
troubles and panel link appear under the device "Alarm home". Or its envisalink integration, through
the TPI proxy: host 127.0.0.1, port $proxy_port, panel type DSC, EVL version 4, password $proxy_password.

In another terminal, try:
  export HOWALARMING_CONFIG=$config PATH=$bin_dir:\$PATH
  howalarming tail                                   # follow the events
  echo "open 1" > /dev/tcp/127.0.0.1/$control_port   # the front door opens on the panel
  howalarming send arm                               # arm ($exit_delay s exit delay), then: howalarming send disarm
  curl -s -H "Authorization: Bearer $token" http://127.0.0.1:$api_port/v1/status
  curl -s -H "Authorization: Bearer $token" -H "Content-Type: application/json" \\
       -d '{"command":"disarm"}' http://127.0.0.1:$api_port/v1/commands
  tail -f $run_dir/events.jsonl
  mosquitto_sub -h 127.0.0.1 -p $mqtt_port -u $mqtt_user -P $mqtt_password -v -t 'howalarming/#'   # in Debian's mosquitto-clients
  mosquitto_pub -h 127.0.0.1 -p $mqtt_port -u $mqtt_user -P $mqtt_password -t howalarming/home/command -m arm
  howalarming-push devices add --platform ios --token <hex token>   # then configure push.apns

TRY
exec supervisord -c "$supervisor_config"
