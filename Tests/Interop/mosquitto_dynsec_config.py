"""Write a configuration for mosquitto's dynamic security plugin (mosquitto_dynamic_security.so)
with one client that may subscribe only to the given patterns: every other SUBSCRIBE is refused
with SUBACK 0x80, which mosquitto's ACL file never does (it filters deliveries instead).

    mosquitto_dynsec_config.py PATH USER PASSWORD PATTERN...

The password is stored as the plugin expects it: PBKDF2-HMAC-SHA512, 101 iterations, 12-byte salt.
"""
import base64
import hashlib
import json
import os
import sys


def main(path, user, password, *patterns):
    salt = os.urandom(12)
    hashed = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, 101)
    configuration = {
        "defaultACLAccess": {
            "publishClientSend": True, "publishClientReceive": True, "subscribe": False, "unsubscribe": True,
        },
        "clients": [{
            "username": user, "password": base64.b64encode(hashed).decode(), "salt": base64.b64encode(salt).decode(),
            "iterations": 101, "roles": [{"rolename": "subscriber"}],
        }],
        "groups": [],
        "roles": [{
            "rolename": "subscriber",
            "acls": [{"acltype": "subscribePattern", "topic": pattern, "priority": 0, "allow": True} for pattern in patterns],
        }],
    }
    with open(path, "w") as file:
        json.dump(configuration, file)


if __name__ == "__main__":
    main(*sys.argv[1:])
