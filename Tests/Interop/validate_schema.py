#!/usr/bin/env python3
"""Validate JSON documents against a JSON Schema (draft 2020-12).

Usage: validate_schema.py SCHEMA_PATH < documents

Reads one JSON document per line from standard input (blank lines are skipped)
and validates each against the schema, checking formats such as "uuid" too.
Prints "ok N" (N documents validated) and exits 0, or prints the first problem
as "line L: PATH: MESSAGE" and exits 1. Exits 2 on a usage or schema error.
Requires the `jsonschema` package (pip install jsonschema).
"""

import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, best_match


def load_validator(schema_path):
    with open(schema_path, encoding="utf-8") as schema_file:
        schema = json.load(schema_file)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def first_problem(validator, line):
    """The first reason `line` is not a valid document, or None."""
    try:
        document = json.loads(line)
    except ValueError as error:
        return f"(document): not JSON: {error}"
    error = best_match(validator.iter_errors(document))
    if error is None:
        return None
    path = "/".join(str(part) for part in error.absolute_path) or "(document)"
    return f"{path}: {error.message}"


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        validator = load_validator(argv[1])
    except (OSError, ValueError, SchemaError) as error:
        print(f"cannot load schema {argv[1]}: {error}", file=sys.stderr)
        return 2

    count = 0
    for number, raw_line in enumerate(sys.stdin.buffer, start=1):
        try:
            line = raw_line.decode("utf-8")
        except UnicodeDecodeError as error:
            print(f"line {number}: (document): not UTF-8: {error}")
            return 1
        if not line.strip():
            continue
        problem = first_problem(validator, line)
        if problem is not None:
            print(f"line {number}: {problem}")
            return 1
        count += 1
    print(f"ok {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
