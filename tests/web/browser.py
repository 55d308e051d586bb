"""A real browser for the room's tests: Debian's Chromium, headless, driven by Selenium through
Debian's chromedriver (nothing is downloaded at test time), with the DevTools protocol for what
a venue does to a phone — the network dropping (``offline``), a phone's size, dark mode — and the
venue's network as a proxy that can go down and lose a reply after the room wrote (``Venue``)."""

from __future__ import annotations

import contextlib
import shutil
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="needs Debian's chromium and chromium-driver (scripts/bootstrap.sh test installs them)",
)


def open_browser(width: int, height: int) -> Any:
    """Chromium at ``width``×``height``; below 500 px wide, a phone (touch, device pixels)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument(f"--window-size={width},{height}")
    if width < 500:  # a phone: Chromium's own window is never that narrow
        metrics = {"width": width, "height": height, "pixelRatio": 2.0}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    return webdriver.Chrome(service=Service(str(DRIVER)), options=options)


def screen(browser: Any, width: int, height: int, *, dark: bool = False) -> None:
    """Show the page at ``width``×``height`` CSS pixels (a phone below 500), light or dark."""
    phone = width < 500
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 2 if phone else 1, "mobile": phone},
    )
    scheme = {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [scheme]})


def offline(browser: Any, dropped: bool) -> None:
    """The phone's network gone (``dropped``) or back, as DevTools emulates it: requests fail
    at once and ``navigator.onLine`` follows. Set through chromedriver, which keeps it across
    a reload (DevTools' own setting is lifted for a moment while the page is replaced)."""
    if dropped:
        browser.set_network_conditions(offline=True, latency=0, throughput=0)
    else:
        browser.delete_network_conditions()


def wait_until(check: Callable[[], object], seconds: float = 10.0, what: str = "") -> None:
    """Wait for ``check()`` to be true (a page changes by itself); fail after ``seconds``."""
    from selenium.common.exceptions import WebDriverException

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except WebDriverException:  # the page was being replaced
            pass
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {what or check}")


def shown_text(browser: Any, element_id: str) -> str:
    """The text of ``element_id`` as shown (empty when absent or hidden)."""
    return str(
        browser.execute_script(
            "var e = document.getElementById(arguments[0]);"
            "return e && !e.closest('[hidden]') ? e.innerText : '';",
            element_id,
        )
    )


class Venue:
    """The venue's network between the browser and the room, as a proxy on the loopback: it
    can go down (every open connection cut — the event stream among them, which DevTools'
    offline emulation leaves open — and new ones refused until it is back), and it can lose
    the room's reply to the first ``losses`` requests whose request line holds ``lost``:
    after the room has answered, so whatever the request wrote is written, and the browser
    sees the connection drop in the middle of the reply. Every other byte passes as it is."""

    def __init__(self, upstream_port: int, lost: str = "", losses: int = 0) -> None:
        self.upstream_port, self.lost, self.losses = upstream_port, lost.encode(), losses
        self.dropped = 0  # replies lost so far
        self.sent = 0  # requests holding ``lost`` that reached the room
        self.down = False
        self.open: set[socket.socket] = set()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.closing = False
        self.thread = threading.Thread(target=self._accept, daemon=True)

    def __enter__(self) -> Venue:
        self.thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.closing = True
        self.listener.close()
        self.cut()
        self.thread.join(timeout=5)

    def go_down(self) -> None:
        """The Wi-Fi drops: every connection cut, none taken until :meth:`come_back`."""
        self.down = True
        self.cut()

    def come_back(self) -> None:
        self.down = False

    def cut(self) -> None:
        for end in list(self.open):
            _shut(end)

    def _accept(self) -> None:
        while not self.closing:
            try:
                client, _address = self.listener.accept()
            except OSError:
                return
            if self.down:
                _shut(client)
                continue
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
        self.open.update((client, upstream))
        losing = threading.Event()

        def upward() -> None:
            try:
                while chunk := client.recv(65536):
                    if self.lost and self.lost in chunk:
                        self.sent += 1
                        if self.dropped < self.losses:
                            self.dropped += 1
                            losing.set()
                    upstream.sendall(chunk)
            except OSError:
                pass
            finally:
                _shut(upstream)

        threading.Thread(target=upward, daemon=True).start()
        try:
            while chunk := upstream.recv(65536):
                if losing.is_set():  # the room answered: the reply is lost on the way,
                    # after its first bytes (a connection lost with no byte of its reply is
                    # one Chromium sends the request again over by itself: not the page's
                    # own retry, which is what is tested)
                    client.sendall(chunk[:20])  # "HTTP/1.1 303 See Oth"
                    break
                client.sendall(chunk)
        except OSError:
            pass
        finally:
            for end in (client, upstream):
                _shut(end)
                self.open.discard(end)


def _shut(end: socket.socket) -> None:
    """Shut down, then close: a close alone leaves another thread's recv waiting."""
    with contextlib.suppress(OSError):
        end.shutdown(socket.SHUT_RDWR)
    end.close()
