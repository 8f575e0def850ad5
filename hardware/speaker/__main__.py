"""Check the speaker: play every cue (or those named) in turn, or write them as WAV files.

    python -m hardware.speaker --test [--volume 0.6] [--device hw:0] [CUE ...]
    python -m hardware.speaker --test --fake [CUE ...]      # no sound: say what would play
    python -m hardware.speaker --wav DIR [CUE ...]         # each cue as DIR/CUE.wav

Exit status 0 when every cue played, 2 when the speaker cannot play (``aplay`` missing).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hardware.errors import HardwareError
from hardware.speaker.speaker import AplayBackend, RecordingBackend, Speaker
from hardware.speaker.tones import CUES, RATE, find_cue, render, wav_bytes


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m hardware.speaker", description=__doc__.splitlines()[0])
    parser.add_argument("cues", nargs="*", help=f"cues to play (default: all of {', '.join(CUES)})")
    parser.add_argument("--test", action="store_true", help="play each cue in turn on the speaker")
    parser.add_argument("--fake", action="store_true", help="the recording backend: nothing sounds")
    parser.add_argument("--volume", type=float, default=0.6, help="0 to 1 (default 0.6)")
    parser.add_argument("--device", help="ALSA device for aplay -D (default: the system's default)")
    parser.add_argument("--wav", type=Path, help="write each cue as a WAV file in this folder")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if not args.test and args.wav is None:
        build_parser().error("say --test or --wav DIR")
    try:
        names = args.cues or list(CUES)
        for name in names:
            find_cue(name)
        if args.wav is not None:
            _write(args.wav, names, args.volume)
        if args.test:
            _play(names, args)
    except (HardwareError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def _write(folder: Path, names: list[str], volume: float) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        path = folder / f"{name}.wav"
        path.write_bytes(wav_bytes(render(name, volume)))
        print(f"wrote {path}")


def _play(names: list[str], args) -> None:
    backend = RecordingBackend() if args.fake else AplayBackend(device=args.device)
    with Speaker(backend) as speaker:
        speaker.set_volume(args.volume)
        for name in names:
            speaker.play(name)
            if speaker.problem is not None:
                raise HardwareError(speaker.problem)
            if isinstance(backend, AplayBackend):
                backend.wait(10.0)
            seconds = find_cue(name)[0].seconds
            print(f"{name}: {seconds:.2f} s" + (" (fake: not sounded)" if args.fake else ""))
        if args.fake:
            print(f"{len(backend.played)} cues at {RATE} Hz, {sum(len(w) for _, w in backend.played)} bytes of WAV")


if __name__ == "__main__":
    sys.exit(main())
