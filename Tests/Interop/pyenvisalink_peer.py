"""pyenvisalink (the library Home Assistant's envisalink integration uses) as a client of an EVL.

Usage: PEER_PASSWORD=... PEER_CODE=... pyenvisalink_peer.py HOST PORT SCENARIO

The password and the access code come from the environment, so that no report of the command
line shows them.

Logs in with PEER_PASSWORD as a DSC EVL-4 client, as Home Assistant does (polls every 5 seconds;
no zone timer dumps, whose 30-second "recently open" window would slow the scenario down), and
prints one JSON line per step:

- scenario `control`: {"login": true}; waits for zone 1 to open, {"zone_open": 1}, and to close,
  {"zone_closed": 1}; arms partition 1 away with PEER_CODE, {"armed_away": true} once the panel says
  so; then waits for the file named by the environment variable PEER_DISARM to exist, disarms with
  PEER_CODE, {"disarmed": true};
- scenario `read`: {"login": true}; arms away with PEER_CODE, {"sent": "arm_away"}; then after the file
  PEER_DONE exists prints the partition's state, {"armed_away": false} if the arm was refused;
- scenario `bypass` (zone bypass on, as Home Assistant's option): {"login": true}; waits for zone
  PEER_ZONE to be bypassed by the panel's bypass report (616), {"bypassed": ZONE}, then for it to be
  bypassed no more, {"unbypassed": ZONE};
- scenario `chime`: {"login": true}; waits for partition 1's chime to be on by the panel's `663`,
  {"chime": true}, then off by `664`, {"chime": false};
- scenario `who`: {"login": true}; waits for partition 1 to be disarmed by a user (`750`), and
  prints the user's number as pyenvisalink reads it, {"disarmed_by_user": N};
- scenario `reconnect`: {"login": true}; waits for the server to close the connection,
  {"disconnected": true}; for pyenvisalink to log in again by itself, {"login_again": true}; and
  for zone 1 to open, {"zone_open": 1}.

pyenvisalink waits a fixed 30 s before each reconnection attempt; PEER_RECONNECT_DELAY (seconds)
shortens that wait, and nothing else, so that a test need not sit through it.

A wrong password prints {"login": false}. Every wait gives up after 30 s with {"timeout": WHAT}
and exit status 1. Nothing the script prints contains the password or the code.
"""

import asyncio
import json
import os
import sys

from pyenvisalink import EnvisalinkAlarmPanel
from pyenvisalink.envisalink_base_client import EnvisalinkClient


def shorten_reconnect_delay(seconds):
    """Make pyenvisalink's reconnection wait `seconds` instead of its fixed 30."""
    reconnect = EnvisalinkClient.reconnect

    async def quicker(self, delay):
        await reconnect(self, min(delay, seconds))

    EnvisalinkClient.reconnect = quicker


def say(**fields):
    print(json.dumps(fields), flush=True)


async def wait_for(what, condition, timeout=30):
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            say(timeout=what)
            sys.exit(1)
        await asyncio.sleep(0.05)


async def main(host, port, password, code, scenario):
    loop = asyncio.get_running_loop()
    if 'PEER_RECONNECT_DELAY' in os.environ:
        shorten_reconnect_delay(float(os.environ['PEER_RECONNECT_DELAY']))
    panel = EnvisalinkAlarmPanel(host, port, 'DSC', 4, 'user', password, zoneTimerInterval=0,
                                 keepAliveInterval=5, eventLoop=loop, connectionTimeout=10,
                                 zoneBypassEnabled=scenario == 'bypass')
    login = loop.create_future()
    logins = []
    panel.callback_login_success = lambda _: logins.append(True) or login.done() or login.set_result(True)
    panel.callback_login_failure = lambda _: login.done() or login.set_result(False)
    panel.start()
    try:
        logged_in = await asyncio.wait_for(login, 30)
    except asyncio.TimeoutError:
        say(timeout="login")
        sys.exit(1)
    say(login=logged_in)
    if not logged_in:
        return
    partition = lambda: panel.alarm_state['partition'][1]['status']
    if scenario == 'control':
        await wait_for("zone 1 open", lambda: panel.alarm_state['zone'][1]['status']['open'])
        say(zone_open=1)
        await wait_for("zone 1 closed", lambda: not panel.alarm_state['zone'][1]['status']['open'])
        say(zone_closed=1)
        panel.arm_away_partition(code, 1)
        await wait_for("armed away", lambda: partition().get('armed_away'))
        say(armed_away=True)
        await wait_for("the test's go-ahead to disarm", lambda: os.path.exists(os.environ['PEER_DISARM']))
        panel.disarm_partition(code, 1)
        await wait_for("disarmed", lambda: not partition().get('armed_away') and not partition().get('exit_delay'))
        say(disarmed=True)
    elif scenario == 'reconnect':
        await wait_for("the connection to close", lambda: not panel._client._loggedin)
        say(disconnected=True)
        await wait_for("the second login", lambda: len(logins) > 1)
        say(login_again=True)
        await wait_for("zone 1 open", lambda: panel.alarm_state['zone'][1]['status']['open'])
        say(zone_open=1)
    elif scenario == 'bypass':
        zone = int(os.environ['PEER_ZONE'])
        await wait_for("zone bypassed", lambda: panel.alarm_state['zone'][zone]['bypassed'])
        say(bypassed=zone)
        await wait_for("zone no longer bypassed", lambda: not panel.alarm_state['zone'][zone]['bypassed'])
        say(unbypassed=zone)
    elif scenario == 'chime':
        await wait_for("chime on", lambda: partition().get('chime'))
        say(chime=True)
        await wait_for("chime off", lambda: not partition().get('chime'))
        say(chime=False)
    elif scenario == 'who':
        await wait_for("a disarm by a user", lambda: partition().get('last_disarmed_by_user') not in (None, ''))
        say(disarmed_by_user=partition()['last_disarmed_by_user'])
    else:
        panel.arm_away_partition(code, 1)
        say(sent="arm_away")
        await wait_for("the test's go-ahead", lambda: os.path.exists(os.environ['PEER_DONE']))
        say(armed_away=bool(partition().get('armed_away') or partition().get('exit_delay')))
    panel.stop()


if __name__ == '__main__':
    host, port, scenario = sys.argv[1:4]
    asyncio.run(main(host, int(port), os.environ['PEER_PASSWORD'], os.environ['PEER_CODE'], scenario))
