"""The hardware command line: ``pintest`` (the wiring check) and ``diagram`` (the wiring drawing).

    python -m hardware pintest [--config FILE] [--mock] [--fast] [--timeout SECONDS]
    python -m hardware diagram [--config FILE] [--svg FILE] [--table]

``pintest`` is the default command, and the only one of ``oona-pintest``.
"""

import argparse
import sys
from pathlib import Path

from hardware.config import HardwareConfig, default_config, load_config
from hardware.diagram import wiring_svg, wiring_table
from hardware.errors import HardwareError
from hardware.pintest import instant_wait, mock_presses, run_pintest


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m hardware", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    pintest = commands.add_parser("pintest", help="check the wiring: lights, buzzer, then every button")
    pintest.add_argument("--config", type=Path, help="the kiosk's TOML config (default: the default wiring)")
    pintest.add_argument(
        "--mock", action="store_true", help="run on gpiozero's MockFactory and press the buttons itself"
    )
    pintest.add_argument("--fast", action="store_true", help="no pauses: lights and patterns flash by")
    pintest.add_argument("--timeout", type=float, help="give up after this many seconds of waiting for presses")

    diagram = commands.add_parser("diagram", help="draw the wiring")
    diagram.add_argument("--config", type=Path, help="the kiosk's TOML config (default: the default wiring)")
    diagram.add_argument("--svg", type=Path, help="write the header diagram to this SVG file")
    diagram.add_argument("--table", action="store_true", help="print the wiring as a Markdown table")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; the exit status is 0 on success, 1 for missing buttons, 2 for errors."""
    if argv is None:
        argv = sys.argv[1:]
    as_pintest = Path(sys.argv[0]).name.startswith("oona-pintest")
    if not argv or argv[0] not in ("pintest", "diagram") and (as_pintest or argv[0] not in ("-h", "--help")):
        argv = ["pintest", *argv]
    args = build_parser().parse_args(argv)
    try:
        config = load_config(args.config) if args.config else default_config()
        if args.command == "pintest":
            return _pintest(args, config)
        return _diagram(args, config)
    except HardwareError as exc:
        print(f"error: {exc}", file=sys.stderr)
        if args.command == "pintest" and not getattr(args, "mock", False):
            print("(no GPIO here? try --mock)", file=sys.stderr)
        return 2


def _pintest(args, config: HardwareConfig) -> int:
    factory = None
    simulate = None
    if args.mock:
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        factory = MockFactory(pin_class=MockPWMPin)
        simulate = mock_presses(factory, config, gap_seconds=0.0 if args.fast else 0.3)
    timeout = args.timeout if args.timeout is not None else (30.0 if args.mock else None)
    try:
        passed = run_pintest(
            config,
            pin_factory=factory,
            pause_seconds=0.0 if args.fast else 1.0,
            wait=instant_wait if args.fast else None,
            timeout=timeout,
            simulate=simulate,
        )
    finally:
        if factory is not None:
            factory.close()
    return 0 if passed else 1


def _diagram(args, config: HardwareConfig) -> int:
    if args.svg:
        args.svg.write_text(wiring_svg(config), encoding="utf-8")
        print(f"wrote {args.svg}")
    if args.table or not args.svg:
        print(wiring_table(config), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
