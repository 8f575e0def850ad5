"""Fixtures every test folder may use."""

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin


@pytest.fixture
def mock_factory():
    """A fresh gpiozero MockFactory with PWM pins, also the global default while the test runs
    (PLATFORM.md §4); pass it on as ``pin_factory=`` too."""
    previous = Device.pin_factory
    factory = Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    try:
        yield factory
    finally:
        factory.close()
        Device.pin_factory = previous
