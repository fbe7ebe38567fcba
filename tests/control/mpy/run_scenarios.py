"""Play the controller scenarios and print their traces: runs on MicroPython and CPython.

    node tests/mpy/run.mjs --path py --path tests/control tests/control/mpy/run_scenarios.py
    PYTHONPATH=py:tests/control python3 tests/control/mpy/run_scenarios.py [name ...]

For each scenario of ``scenarios.SCENARIOS`` (or those named): a line
``scenario <name>``, one JSON line per dispatch or note of its trace, and a
last JSON line with the invariant problems found (``invariants.Invariants``);
then ``implementation <name>`` and ``OK``.  ``test_control_micropython.py``
compares the lines, parsed, with CPython's.
"""

import sys

from scenarios import SCENARIOS, trace_lines


# Replaying every save (dicepoker.savefile.load) is most of the run's time on
# MicroPython: there every 8th is replayed, the others compared as JSON.
LOAD_EVERY = 8 if sys.implementation.name == "micropython" else 1


def main(names):
    for name, _ in SCENARIOS:
        if names and name not in names:
            continue
        print("scenario " + name)
        for line in trace_lines(name, LOAD_EVERY):
            print(line)
    print("implementation " + sys.implementation.name)
    print("OK")


main(sys.argv[1:])
