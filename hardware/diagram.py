"""The wiring drawn from a pin map: an SVG of the 40-pin header and a Markdown table.

``python -m hardware diagram --svg docs/wiring.svg`` redraws the README's diagram; a test
checks the committed file still matches the default wiring.
"""

from html import escape

from hardware.config import HardwareConfig
from hardware.header import GROUPS, PHYSICAL, group_of, physical_pin

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
BUZZER_COLOUR = "#e377c2"
KEPT_COLOUR = "#bdbdbd"
SPARE_COLOUR = "#ffffff"
POWER_COLOURS = {"3V3": "#ffcc80", "5V": "#ff8a80", "GND": "#424242"}

_ROW = 28
_TOP = 92
_PIN_X = (430, 470)  # odd pins in the left column, even in the right
_WIDTH = 900

_NOTES = (
    "Button: GPIO to one leg, GND to the other (the internal pull-up is on; no resistor).",
    "Seat light: GPIO, 330 Ω resistor, LED (long leg), LED (short leg) to GND.",
    "Buzzer: GPIO to +, GND to − for a small 3.3 V one; a 5 V or louder buzzer through an NPN",
    "transistor (e.g. 2N2222: GPIO, 1 kΩ, base; buzzer from 5V to collector; emitter to GND).",
    "Pin 1 is the square pad, nearest the corner of the board; the camera uses the CSI connector.",
)


def pin_roles(config: HardwareConfig) -> dict[int, tuple[str, str]]:
    """Physical pin -> (label, fill colour) for every pin of the header."""
    used = config.used_pins()
    colours = {
        pin: SEAT_COLOURS[seat.seat]
        for seat in config.seats
        for pin in (*seat.buttons.values(), seat.led_pin)
        if pin is not None
    }
    if config.buzzer_pin is not None:
        colours[config.buzzer_pin] = BUZZER_COLOUR
    roles = {}
    for number, carried in PHYSICAL.items():
        if not carried.startswith("GPIO"):
            roles[number] = (carried, POWER_COLOURS[carried])
            continue
        gpio = int(carried[4:])
        group = group_of(gpio)
        if gpio in used:
            roles[number] = (f"{used[gpio]} · GPIO{gpio}", colours[gpio])
        elif group is not None and group.name in config.keep_free:
            roles[number] = (f"{group.label} {group.pins[gpio]} (kept free) · GPIO{gpio}", KEPT_COLOUR)
        elif group is not None:
            roles[number] = (f"spare ({group.label} {group.pins[gpio]}) · GPIO{gpio}", SPARE_COLOUR)
        else:
            roles[number] = (f"spare · GPIO{gpio}", SPARE_COLOUR)
    return roles


def wiring_svg(config: HardwareConfig, *, title: str = "Oona Referee: default wiring") -> str:
    """The header drawn as SVG text, labelled with what each pin does in ``config``."""
    roles = pin_roles(config)
    height = _TOP + 20 * _ROW + 24 + 34 + 22 * len(_NOTES) + 8
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
        f'viewBox="0 0 {_WIDTH} {height}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="13">',
        f'<rect width="{_WIDTH}" height="{height}" fill="#ffffff"/>',
        f'<text x="{_WIDTH // 2}" y="30" font-size="20" text-anchor="middle" font-weight="bold">'
        f"{escape(title)}</text>",
        f'<text x="{_WIDTH // 2}" y="54" text-anchor="middle" fill="#555555">'
        "40-pin header seen from above, pin 1 top left; labels give BCM GPIO numbers</text>",
        f'<rect x="{_PIN_X[0] - 22}" y="{_TOP - 22}" width="{_PIN_X[1] - _PIN_X[0] + 44}" '
        f'height="{20 * _ROW + 16}" rx="6" fill="#1b5e20"/>',
    ]
    for number in sorted(PHYSICAL):
        row, column = (number - 1) // 2, (number - 1) % 2
        x, y = _PIN_X[column], _TOP + row * _ROW
        label, fill = roles[number]
        stroke = "#ffffff" if fill == POWER_COLOURS["GND"] else "#000000"
        if number == 1:
            out.append(f'<rect x="{x - 9}" y="{y - 9}" width="18" height="18" fill="{fill}" stroke="{stroke}"/>')
        else:
            out.append(f'<circle cx="{x}" cy="{y}" r="9" fill="{fill}" stroke="{stroke}"/>')
        text_fill = "#ffffff" if fill in (POWER_COLOURS["GND"], *SEAT_COLOURS, BUZZER_COLOUR) else "#000000"
        out.append(
            f'<text x="{x}" y="{y + 4}" font-size="9" text-anchor="middle" fill="{text_fill}">{number}</text>'
        )
        anchor, label_x = ("end", x - 34) if column == 0 else ("start", x + 34)
        weight = ' font-weight="bold"' if fill in (*SEAT_COLOURS, BUZZER_COLOUR) else ""
        out.append(
            f'<text x="{label_x}" y="{y + 4}" text-anchor="{anchor}"{weight}>{escape(label)}</text>'
        )
    y = _TOP + 20 * _ROW + 24
    legend = [(f"seat {s.seat}", SEAT_COLOURS[s.seat]) for s in config.seats]
    legend += [("buzzer", BUZZER_COLOUR), ("kept free", KEPT_COLOUR), ("spare", SPARE_COLOUR)]
    x = 40
    for name, colour in legend:
        out.append(f'<circle cx="{x}" cy="{y}" r="7" fill="{colour}" stroke="#000000"/>')
        out.append(f'<text x="{x + 12}" y="{y + 4}">{escape(name)}</text>')
        x += 24 + 8 * len(name) + 16
    for index, note in enumerate(_NOTES):
        out.append(f'<text x="40" y="{y + 34 + 22 * index}">{escape(note)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def wiring_table(config: HardwareConfig) -> str:
    """The wiring as a Markdown table, seat by seat, BCM numbers with the header pin."""

    def cell(pin: int | None) -> str:
        return "–" if pin is None else f"GPIO {pin} (pin {physical_pin(pin)})"

    kinds = list(config.seats[0].buttons) if config.seats else []
    names = {"call": "«باقي وحدة!» call", "catch": "«صدتك!» catch", "single": "button"}
    head = ["Seat", *(names[kind] for kind in kinds), "Seat light"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for seat in config.seats:
        row = [str(seat.seat), *(cell(seat.buttons[kind]) for kind in kinds), cell(seat.led_pin)]
        lines.append("| " + " | ".join(row) + " |")
    if config.buzzer_pin is not None:
        row = [f"{config.buzzer_kind} buzzer", cell(config.buzzer_pin)] + [""] * (len(head) - 2)
        lines.append("| " + " | ".join(row) + " |")
    kept = ", ".join(
        f"{GROUPS[name].label} (GPIO {', '.join(str(p) for p in GROUPS[name].pins)})"
        for name in config.keep_free
    )
    lines.append("")
    lines.append(f"Kept free: {kept}. Every button and light returns to a GND pin (6, 9, 14, 20, 25, 30, 34, 39).")
    return "\n".join(lines) + "\n"
