"""`urlint report --html`: the page as a browser renders it, with the network off.

A real headless Chromium loads the page with every fetch bound to fail
(`--proxy-server=127.0.0.1:9`, `--host-resolver-rules=MAP * ~NOTFOUND`) and the tests
look at what its scripts made: the DOM after they ran (`--dump-dom`), the charts as
Chart.js laid them out, the pixels of a screenshot, the tables sorted by clicks.

The DOM and the screenshot tests run Chromium's command line as a user would; the others
drive it over the DevTools protocol on a pipe (`--remote-debugging-pipe`: JSON messages
ended by NUL on file descriptors 3 and 4), which needs no driver and no package.

Skipped, with the reason, where no Chromium is found: on Debian,
`apt-get install -y chromium` (URLINT_CHROMIUM names another binary).
"""

from __future__ import annotations

import base64
import json
import os
import re
import select
import shutil
import subprocess
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ..store_helpers import build_archive
from .test_report import hostile_store, parser

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
CHROMIUM = os.environ.get("URLINT_CHROMIUM") or next(filter(None, map(shutil.which, NAMES)), None)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="no Chromium to render the page in (Debian: apt-get install -y chromium; or set "
        "URLINT_CHROMIUM to a Chromium or Chrome binary)",
    ),
]

# Any fetch fails: every host name resolves to nothing, and a connection would go to a
# proxy at a port where nothing listens.
NETWORK_OFF = ("--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND")
WIDTH, HEIGHT = 1200, 900
BAR = (0x00, 0x72, 0xB2)  # page.js: the first colour of its palette, every one-series chart


def chromium(profile: Path, *arguments: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            f"--user-data-dir={profile}",
            *NETWORK_OFF,
            *arguments,
        ],
        capture_output=True,
        timeout=timeout,
        check=False,
    )


def write_page(store: str, page: Path, *options: str) -> Path:
    from urlint.commands.report import run_report

    assert run_report(parser().parse_args(["report", store, "--html", str(page), *options])) == 0
    return page


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pages")
    return {
        "archive": write_page(str(build_archive(folder / "a.sqlite")), folder / "archive.html"),
        "hostile": write_page(hostile_store(folder / "h.sqlite"), folder / "hostile.html"),
    }


# --- The DOM once the scripts ran ---------------------------------------------------------


class Elements(HTMLParser):
    """Each start tag of a document: (tag, attributes), and the text of each cell."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, dict[str, str | None]]] = []
        self.cells: list[str] = []
        self._cell: list[str] | None = None
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))
        if tag == "td":
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None:
            self.cells.append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def tags(self, tag: str) -> list[dict[str, str | None]]:
        return [attributes for name, attributes in self.found if name == tag]


def dumped_dom(page: Path, profile: Path) -> str:
    run = chromium(profile, "--virtual-time-budget=5000", "--dump-dom", page.as_uri())
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-2000:]
    return run.stdout.decode("utf-8")


def test_the_flags_take_the_network_away(tmp_path):
    """The control: with these flags, a page that fetches an image does not get it."""
    page = tmp_path / "fetch.html"
    page.write_text(
        '<title>waiting</title><img src="http://example.com/x.png" '
        "onload=\"document.title='loaded'\" onerror=\"document.title='failed'\">"
    )
    assert "<title>failed</title>" in dumped_dom(page, tmp_path / "profile")


def test_page_renders_its_charts_and_tables_offline(pages, tmp_path):
    dom = Elements(dumped_dom(pages["archive"], tmp_path / "profile"))
    canvases = {canvas["id"]: canvas for canvas in dom.tags("canvas")}
    assert sorted(canvases) == ["chart-hosts", "chart-months", "chart-rules", "chart-schemes"]
    for canvas in canvases.values():
        # Chart.js sized each canvas to its box: it ran, and drew.
        assert canvas.get("width") and int(canvas["width"] or 0) > 100
        assert "display: block" in (canvas.get("style") or "")
    tables = [table["id"] for table in dom.tags("table")]
    assert tables == ["table-hosts", "table-rules", "table-census"]
    assert len(dom.tags("tr")) == (1 + 7) + (1 + 3) + (1 + 7)  # headers and rows
    assert "ftp://fred:****@ftp.example.org/pub/" in dom.cells
    assert len(dom.tags("script")) == 3


# --- The page driven over the DevTools protocol --------------------------------------------


class Browser:
    """A headless Chromium driven over --remote-debugging-pipe, with one page open."""

    def __init__(self, profile: Path) -> None:
        import fcntl

        to_browser, self._to_browser = os.pipe()
        self._from_browser, from_browser = os.pipe()

        def on_fds_3_and_4() -> None:  # in the child, before the exec
            ours = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser, from_browser)]
            os.dup2(ours[0], 3)
            os.dup2(ours[1], 4)

        self.process = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--remote-debugging-pipe",
                f"--user-data-dir={profile}",
                *NETWORK_OFF,
                f"--window-size={WIDTH},{HEIGHT}",
                "about:blank",
            ],
            pass_fds=(3, 4),
            preexec_fn=on_fds_3_and_4,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._last_id = 0
        self.events: list[dict] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.page(f"{domain}.enable")
        self.page(
            "Emulation.setDeviceMetricsOverride",
            width=WIDTH,
            height=HEIGHT,
            deviceScaleFactor=1,
            mobile=False,
        )

    def call(self, method: str, session: str | None = None, **params: object) -> dict:
        self._last_id += 1
        message: dict = {"id": self._last_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self._last_id:
                assert "error" not in reply, reply
                return reply["result"]
            self.events.append(reply)

    def page(self, method: str, **params: object) -> dict:
        return self.call(method, self.session, **params)

    def _read(self, timeout: float = 30) -> dict:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._from_browser], [], [], timeout)
            assert ready, "Chromium said nothing for 30 s"
            chunk = os.read(self._from_browser, 1 << 16)
            assert chunk, "Chromium closed its pipe"
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def wait_for(self, event: str) -> dict:
        while True:
            for index, seen in enumerate(self.events):
                if seen.get("method") == event:
                    return self.events.pop(index)
            self.events.append(self._read())

    def open(self, page: Path) -> None:
        self.page("Page.navigate", url=page.as_uri())
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> object:
        result = self.page("Runtime.evaluate", expression=expression, returnByValue=True)
        assert "exceptionDetails" not in result, result["exceptionDetails"]
        return result["result"].get("value")

    def click(self, selector: str) -> None:
        """A real click (mouse pressed and released) at the middle of the element."""
        x, y = self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            "e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
            "return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        for kind in ("mousePressed", "mouseReleased"):
            self.page("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def problems(self) -> list[dict]:
        """What the page reported going wrong: exceptions, console errors, log errors
        (a Content-Security-Policy violation is one)."""
        wrong = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                wrong.append(params)
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                wrong.append(params)
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                wrong.append(params["entry"])
        return wrong

    def requests(self) -> list[str]:
        return [
            event["params"]["request"]["url"]
            for event in self.events
            if event.get("method") == "Network.requestWillBeSent"
        ]

    def close(self) -> None:
        try:
            self.call("Browser.close")
            self.process.wait(timeout=20)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            os.close(self._to_browser)
            os.close(self._from_browser)


@pytest.fixture
def browser(tmp_path):
    opened = Browser(tmp_path / "profile")
    yield opened
    opened.close()


def test_charts_draw_a_bar_for_each_value(browser, pages):
    browser.open(pages["archive"])
    charts = browser.evaluate(
        "Object.fromEntries(['chart-months', 'chart-hosts', 'chart-schemes', 'chart-rules']"
        ".map(id => { const chart = Chart.getChart(id);"
        " return [id, {labels: chart.data.labels, datasets: chart.data.datasets.map("
        "  (d, i) => ({label: d.label, data: d.data,"
        "              drawn: chart.getDatasetMeta(i).data.length}))}]; }))"
    )
    assert charts["chart-months"] == {
        "labels": ["2001-09", "2001-10", "2001-11", "2001-12", "2002-01"],
        "datasets": [{"label": "URLs", "data": [2, 0, 3, 0, 2], "drawn": 5}],
    }
    assert charts["chart-hosts"]["labels"] == [
        "www.example.org",
        "example.org",
        "badexample.org",
        "example.net",
        "ftp.example.org",
        "gopher.example.edu",
        "(no host)",
    ]
    assert charts["chart-hosts"]["datasets"][0]["data"] == [4, 2, 1, 1, 1, 1, 1]
    assert charts["chart-hosts"]["datasets"][0]["drawn"] == 7
    assert charts["chart-schemes"]["labels"] == ["http", "ftp", "gopher", "mailto", "news"]
    assert charts["chart-schemes"]["datasets"][0]["drawn"] == 5
    # The findings by rule, stacked by month (the one in plain text has no month).
    assert charts["chart-rules"] == {
        "labels": ["2001-09", "2001-10", "2001-11"],
        "datasets": [
            {"label": "C202 unsafe-character", "data": [0, 0, 1], "drawn": 3},
            {"label": "P501 password-in-url", "data": [1, 0, 0], "drawn": 3},
            {"label": "X105 maybe-continued", "data": [0, 0, 1], "drawn": 3},
        ],
    }
    assert browser.problems() == []
    assert browser.requests() == [pages["archive"].as_uri()]  # the page, and nothing else


def census_column(browser: Browser, column: int) -> list[str]:
    value = browser.evaluate(
        "[...document.querySelectorAll('#table-census tbody tr')]"
        f".map(row => row.cells[{column}].textContent)"
    )
    assert isinstance(value, list)
    return value


def sorted_by(browser: Browser) -> list[tuple[str, str | None]]:
    value = browser.evaluate(
        "[...document.querySelectorAll('#table-census th')]"
        ".map(th => [th.textContent, th.getAttribute('aria-sort')])"
        ".filter(([name, sort]) => sort)"
    )
    assert isinstance(value, list)
    return [tuple(pair) for pair in value]


def test_census_sorts_by_the_column_clicked(browser, pages):
    browser.open(pages["archive"])
    header = "#table-census th:nth-child({}) button".format
    # As written: the most found first, then by URL.
    assert census_column(browser, 0) == [
        "http://www.example.org/a",
        "http://example.org/b",
        "ftp://fred:****@ftp.example.org/pub/",
        "gopher://gopher.example.edu/",
        "http://badexample.org/",
        "mailto:ann@example.net",
        "news:comp.infosystems.www",
    ]
    assert sorted_by(browser) == [("count", "descending")]
    browser.click(header(1))  # url
    ascending = [
        "ftp://fred:****@ftp.example.org/pub/",
        "gopher://gopher.example.edu/",
        "http://badexample.org/",
        "http://example.org/b",
        "http://www.example.org/a",
        "mailto:ann@example.net",
        "news:comp.infosystems.www",
    ]
    assert census_column(browser, 0) == ascending
    assert sorted_by(browser) == [("url", "ascending")]
    browser.click(header(1))
    assert census_column(browser, 0) == ascending[::-1]
    assert sorted_by(browser) == [("url", "descending")]
    # A column of numbers: the most first at the first click, as numbers, then the least
    # first (ties in the order they had).
    browser.click(header(4))  # messages
    assert census_column(browser, 3) == ["3", "1", "1", "1", "1", "1", "0"]
    assert sorted_by(browser) == [("messages", "descending")]
    browser.click(header(4))
    assert census_column(browser, 3) == ["0", "1", "1", "1", "1", "1", "3"]
    assert sorted_by(browser) == [("messages", "ascending")]
    browser.click(header(6))  # first_seen: the empty (plain text) last, both ways
    assert census_column(browser, 5) == [
        "2001-09-18T15:15:48Z",
        "2001-09-18T15:15:48Z",
        "2001-11-02T08:00:00Z",
        "2001-11-02T08:00:00Z",
        "2002-01-05T12:00:00Z",
        "2002-01-05T12:00:00Z",
        "",
    ]
    browser.click(header(6))
    assert census_column(browser, 5)[-2:] == ["2001-09-18T15:15:48Z", ""]
    browser.click(header(3))  # count: a number column, the most first though a date was sorted
    assert census_column(browser, 2) == ["4", "2", "1", "1", "1", "1", "1"]
    assert browser.problems() == []


def test_hostile_strings_stay_text(browser, pages):
    """Strings from the store that are markup or script render as their text: nothing
    they hold runs, and the charts' data still parses."""
    browser.open(pages["hostile"])
    state = browser.evaluate(
        "({title: document.title, scripts: document.scripts.length,"
        " injected: document.querySelectorAll('img, svg, b').length,"
        " hosts: Chart.getChart('chart-hosts').data.labels,"
        " rule: Chart.getChart('chart-rules').data.datasets[0].label,"
        " urls: [...document.querySelectorAll('#table-census td.url')].map(td => td.textContent)})"
    )
    assert state == {
        "title": "URLs in h.sqlite: urlint report",
        "scripts": 3,
        "injected": 0,
        "hosts": ["</script><script>alert(2)</script>", 'h"><svg onload=alert(3)>'],
        "rule": "C201 </script><b>x",
        "urls": [
            "http://h.example/<!--<script>",
            'http://h.example/</script><script>document.title="pwned"</script>',
        ],
    }
    assert browser.problems() == []


# --- Pixels -------------------------------------------------------------------------------


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB bytes) of an 8-bit, non-interlaced RGB or RGBA PNG, as
    Chromium writes them: enough of the format to count colours (RFC 2083)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, [], b""
    while position < len(data):
        length = int.from_bytes(data[position : position + 4], "big")
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:8], "big")
    depth, colour, interlace = header[8], header[9], header[12]
    assert (depth, interlace) == (8, 0) and colour in (2, 6), header
    channels = 4 if colour == 6 else 3
    stride = width * channels
    raw = zlib.decompress(b"".join(chunks))
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        if kind == 1:  # Sub
            for i in range(channels, stride):
                row[i] = (row[i] + row[i - channels]) & 0xFF
        elif kind == 2:  # Up
            row = bytearray((a + b) & 0xFF for a, b in zip(row, previous, strict=True))
        elif kind == 3:  # Average
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                row[i] = (row[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:  # Paeth
            for i in range(stride):
                a = row[i - channels] if i >= channels else 0
                b, c = previous[i], previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        previous = row
        rows.append(
            bytes(row)
            if channels == 3
            else bytes(value for i, value in enumerate(row) if i % 4 != 3)
        )
    return width, height, rows


def near(pixel: bytes, colour: tuple[int, int, int], slack: int = 24) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(pixel, colour, strict=True))


def test_screenshot_shows_the_charts(pages, tmp_path):
    """Chromium's own --screenshot of the page, network off: not blank, and the charts'
    bars are on it in their colour."""
    shot = tmp_path / "page.png"
    run = chromium(
        tmp_path / "profile",
        f"--window-size={WIDTH},{HEIGHT}",
        "--hide-scrollbars",
        "--virtual-time-budget=5000",
        f"--screenshot={shot}",
        pages["archive"].as_uri(),
    )
    assert run.returncode == 0 and shot.exists(), run.stderr.decode(errors="replace")[-2000:]
    width, height, rows = png_pixels(shot.read_bytes())
    assert (width, height) == (WIDTH, HEIGHT)
    pixels = [row[i : i + 3] for row in rows for i in range(0, len(row), 3)]
    white = sum(1 for pixel in pixels if pixel == b"\xff\xff\xff")
    bars = sum(1 for pixel in pixels if near(pixel, BAR))
    assert white < 0.97 * len(pixels)  # text, rules and charts: not a blank page
    assert bars > 2000  # the months', hosts' and schemes' bars (and the rules' first)


def test_month_chart_pixels_match_its_data(browser, pages):
    """The months chart as a screenshot of its canvas: along the line of the value 1,
    one run of the bar colour for each month with URLs, where Chart.js put its bar."""
    browser.open(pages["archive"])
    box, bar_xs, line_y = browser.evaluate(
        "(() => { const chart = Chart.getChart('chart-months');"
        " const r = chart.canvas.getBoundingClientRect();"
        " return [[r.x + scrollX, r.y + scrollY, r.width, r.height],"
        "  chart.getDatasetMeta(0).data.map(bar => bar.x),"
        "  chart.scales.y.getPixelForValue(1)]; })()"
    )
    x, y, width, height = box
    shot = browser.page(
        "Page.captureScreenshot",
        format="png",
        captureBeyondViewport=False,
        clip={"x": x, "y": y, "width": width, "height": height, "scale": 1},
    )
    shot_width, _, rows = png_pixels(base64.b64decode(shot["data"]))
    row = rows[round(line_y)]
    runs, inside = [], False
    for column in range(shot_width):
        bar = near(row[column * 3 : column * 3 + 3], BAR)
        if bar and not inside:
            runs.append([column, column])
        if bar:
            runs[-1][1] = column
        inside = bar
    centres = [(first + last) / 2 for first, last in runs]
    # The three months with URLs (2001-09, 2001-11, 2002-01); none for the empty two.
    expected = [bar_xs[0], bar_xs[2], bar_xs[4]]
    assert len(centres) == 3 and all(
        abs(centre - want) <= 2 for centre, want in zip(centres, expected, strict=True)
    ), (runs, bar_xs)


def test_empty_store_page_says_so(browser, tmp_path):
    from ..store_helpers import StoreBuilder

    store = StoreBuilder(tmp_path / "empty.sqlite").close()
    page = write_page(str(store), tmp_path / "empty.html")
    browser.open(page)
    state = browser.evaluate(
        "({canvases: document.querySelectorAll('canvas').length,"
        " empty: [...document.querySelectorAll('.empty')].map(p => p.textContent)})"
    )
    assert state == {"canvases": 0, "empty": ["Nothing to chart."] * 4 + ["None."] * 3}
    assert browser.problems() == []


def test_dump_dom_output_is_the_rendered_page_not_the_file(pages, tmp_path):
    """What --dump-dom gives is the DOM after the scripts ran: Chart.js's attributes on
    the canvases are not in the file written."""
    written = pages["archive"].read_text(encoding="utf-8")
    assert not re.search(r"<canvas[^>]*\bwidth=", written)
    assert re.search(r"<canvas[^>]*\bwidth=", dumped_dom(pages["archive"], tmp_path / "p"))


# --- A real list archive, with a message dated in the year 102 ----------------------------


@pytest.fixture(scope="module")
def list_archive(tmp_path_factory) -> Path:
    """The shared corpora's linux-mips list (a Maildir and monthly mboxes), scanned: one
    of its messages is dated `Sat, 18 May 0102`."""
    from urlint.linter.config import build_settings
    from urlint.store.scan import scan_into_store

    from ..helpers import shared_path

    folders = [
        shared_path("corpora", name)
        for name in ("email-linux-mips-maildir", "email-linux-mips-monthly-mbox-gz")
    ]
    store = tmp_path_factory.mktemp("list") / "list.sqlite"
    scan_into_store(str(store), [str(folder) for folder in folders], build_settings({}))
    return store


def report_text(*argv: str) -> str:
    import io

    from urlint.commands.report import run_report

    out = io.StringIO()
    assert run_report(parser().parse_args(["report", *argv]), out) == 0
    return out.getvalue()


@pytest.mark.slow
@pytest.mark.corpus
def test_the_time_charts_of_a_list_archive_leave_its_odd_date_off(browser, list_archive):
    """Both time charts run over the months of the list's messages (April 1996 to
    December 2005), as the months table does, not from the year 102; the page says the
    one message was left off and how to chart it."""
    summary = report_text(str(list_archive))
    assert "\nDates:       1996-04-19 to 2005-12-22\n" in summary
    assert (
        "\nOdd dates:   1 message dated before 1971 or after its scan, left off the time "
        "axis (--all-dates puts it on it)\n"
    ) in summary
    months = report_text(str(list_archive), "--table", "months").splitlines()[1:]
    dated = [row.split(",") for row in months if not row.startswith(",")]
    assert (dated[0][0], dated[-1][0], len(dated)) == ("1996-04", "2005-12", 117)
    page = list_archive.parent / "list.html"
    report_text(str(list_archive), "--html", str(page))
    browser.open(page)
    charts = browser.evaluate(
        "Object.fromEntries(['chart-months', 'chart-rules'].map(id => {"
        " const chart = Chart.getChart(id); const meta = chart.getDatasetMeta(0);"
        " return [id, {labels: chart.data.labels, data: chart.data.datasets[0].data,"
        "  xs: meta.data.map(bar => Math.round(bar.x)),"
        "  widths: meta.data.map(bar => bar.width)}]; }))"
    )
    urls = charts["chart-months"]
    assert urls["labels"] == [month for month, *_ in dated]
    assert urls["data"] == [int(row[1]) for row in dated]
    # 117 bars side by side across the chart, each of its own width: not one pixel of bars
    assert len(set(urls["xs"])) == 117 and min(urls["widths"]) >= 2
    rules = charts["chart-rules"]
    assert rules["labels"][0] >= "1996-04" and rules["labels"][-1] <= "2005-12"
    assert len(set(rules["xs"])) == len(rules["labels"])
    captions = browser.evaluate(
        "[...document.querySelectorAll('figcaption')].map(c => c.textContent)"
    )
    assert captions[0] == (
        "1 message dated before 1971 or after its scan, left off the time "
        "axis (--all-dates puts it on it): 1 URL not charted here."
    )
    assert browser.problems() == []


@pytest.mark.slow
@pytest.mark.corpus
def test_the_census_of_a_list_archive_has_no_two_rows_of_one_url(browser, list_archive):
    """One row for each normal form, every spelling a URL the store holds (masked); on the
    page the census fits the page's width, and no cell of it is cut."""
    import sqlite3

    from urlint.store.report.census import normal_url

    rows = [
        json.loads(line)
        for line in report_text(
            str(list_archive), "--table", "census", "--format", "jsonl"
        ).splitlines()
    ]
    normals = [normal_url(row["url"]) for row in rows]
    assert normals == [row["url"] for row in rows]
    assert len(set(normals)) == len(rows)
    connection = sqlite3.connect(list_archive)
    try:
        stored = {url for (url,) in connection.execute("SELECT DISTINCT url FROM urls")}
    finally:
        connection.close()
    spelt = [spelling for row in rows for spelling in row["spellings"].split(" ")]
    assert sorted(spelt) == sorted(stored)  # each stored spelling in one row, and only there
    assert len(rows) < len(stored)  # Mailto: and mailto:, a host with and without its "/"
    page = list_archive.parent / "census.html"
    report_text(str(list_archive), "--html", str(page))
    browser.open(page)
    fit = browser.evaluate(
        "(() => { const table = document.getElementById('table-census');"
        " return [table.scrollWidth, table.parentNode.clientWidth]; })()"
    )
    assert fit[0] <= fit[1]
    assert browser.evaluate(CUT_CELLS)["cut"] == []  # every cell whole
    assert browser.problems() == []


# --- A pipermail archive's page: no number cut, a colour for each series -----------------


@pytest.fixture(scope="module")
def pipermail_page(tmp_path_factory) -> Path:
    """tests/pipermail_archive.py's two months, and a footer URL found 3,150 times (a
    count of four digits, which the census once cut to "31...")."""
    from urlint.linter.config import build_settings
    from urlint.store.scan import scan_into_store

    from ..pipermail_archive import write_archive

    folder = tmp_path_factory.mktemp("pipermail-page")
    archive = write_archive(folder)
    (archive / "footers.txt").write_text("http://lists.example.org/listinfo/devel\n" * 3150)
    store = folder / "devel.sqlite"
    scan_into_store(str(store), [str(archive)], build_settings({}))
    return write_page(str(store), folder / "devel.html")


def test_the_census_cuts_no_number(browser, pipermail_page):
    # A narrow window: the census's columns of numbers once took a share of its width.
    browser.page(
        "Emulation.setDeviceMetricsOverride",
        width=900,
        height=HEIGHT,
        deviceScaleFactor=1,
        mobile=False,
    )
    browser.open(pipermail_page)
    cells = browser.evaluate(
        "[...document.querySelectorAll('#table-census td.number')].map(td =>"
        " [td.textContent, td.scrollWidth <= td.clientWidth])"
    )
    assert isinstance(cells, list)
    # The first row's count, messages and in_headers
    assert [text for text, _ in cells[:3]] == ["3153", "3", "0"]
    assert [text for text, fits in cells if not fits] == []
    totals = browser.evaluate(
        "[...document.querySelectorAll('#totals dt, #totals dd')].map(e => e.textContent)"
    )
    assert totals[6:8] == ["Unique URLs", "8 as written, 7 in the census (one URL however spelt)"]
    assert browser.problems() == []


def test_each_rule_over_time_has_its_own_colour(browser, pages):
    from urlint.store.report.page import OKABE_ITO

    browser.open(pages["archive"])
    colours = browser.evaluate(
        "Chart.getChart('chart-rules').data.datasets.map(d => d.backgroundColor)"
    )
    assert colours == list(OKABE_ITO[:3])
    bars = browser.evaluate("Chart.getChart('chart-hosts').data.datasets[0].backgroundColor")
    assert bars == OKABE_ITO[0]


# --- At 1280 px: the columns a reader scans whole, the rest in a row's details -------------

CUT_CELLS = (
    "(() => { const cut = [];"
    " for (const table of document.querySelectorAll('table')) {"
    "  const names = [...table.tHead.rows[0].cells].map(th => th.textContent);"
    "  for (const row of table.tBodies[0].rows) { [...row.cells].forEach((td, i) => {"
    "   if (td.scrollWidth > td.clientWidth || td.scrollHeight > td.clientHeight)"
    "    cut.push([table.id, names[i], td.textContent]); }); } }"
    " const fit = [...document.querySelectorAll('table')].map(table =>"
    "  [table.id, table.scrollWidth <= table.parentNode.clientWidth]);"
    " return {cut: cut, fit: fit}; })()"
)


@pytest.mark.parametrize("name", ["archive", "pipermail"])
def test_at_1280_px_no_cell_is_cut_and_a_row_opens_to_its_details(
    browser, pages, pipermail_page, name
):
    """Every cell of every table is whole (its text within its box: no ellipsis, no
    overflow), each table fits the page's width, and a census row's details (where it was
    first seen, its spellings) open whole on a click."""
    browser.page(
        "Emulation.setDeviceMetricsOverride",
        width=1280,
        height=HEIGHT,
        deviceScaleFactor=1,
        mobile=False,
    )
    browser.open(pages["archive"] if name == "archive" else pipermail_page)
    headers = browser.evaluate(
        "[...document.querySelectorAll('#table-census th')].map(th => th.textContent)"
    )
    assert headers == [
        "url",
        "host",
        "count",
        "messages",
        "in_headers",
        "first_seen",
        "last_seen",
        "first seen in",
    ]
    found = browser.evaluate(CUT_CELLS)
    assert found["cut"] == []
    assert {table for table, fits in found["fit"] if not fits} == set()
    overflow = browser.evaluate(
        "[...document.querySelectorAll('#table-census td')].map(td =>"
        " getComputedStyle(td).textOverflow).filter(value => value !== 'clip')"
    )
    assert overflow == []
    browser.click("#table-census tbody tr:first-child summary")
    opened = browser.evaluate(
        "(() => { const details = document.querySelector('#table-census tbody tr details');"
        " return [details.open, [...details.querySelectorAll('dt')].map(dt => dt.textContent),"
        "  [...details.querySelectorAll('dd')].every(dd => dd.scrollWidth <= dd.clientWidth)]; })()"
    )
    assert opened[0] is True and opened[2] is True
    if name == "archive":  # http://www.example.org/a: its first sighting, in message 1
        assert opened[1] == ["scheme", "path", "message_index", "message_id", "line", "spellings"]
    assert browser.evaluate(CUT_CELLS)["fit"] == found["fit"]  # opened, still within the page
    assert browser.problems() == []
