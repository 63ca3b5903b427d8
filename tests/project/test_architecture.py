"""The house plan is true: the import contracts place every module, every package whose
modules import one another has its order as a contract, and the architecture page's layer
table names the packages of the whole package's contract, top down."""

from __future__ import annotations

import re

import grimp

from ..helpers import REPO
from .test_docs import reference

ORDERS = reference._orders(REPO)
LAYERS = reference._layers(REPO)


def _graph() -> grimp.ImportGraph:
    """urlint's imports, lazy and type-only ones too, as lint-imports reads them."""
    return grimp.build_graph("urlint", cache_dir=None)


def test_every_package_whose_modules_import_one_another_has_a_contract_placing_each():
    graph = _graph()
    unordered, misplaced = [], {}
    for package in sorted(module for module in graph.modules if graph.find_children(module)):
        children = graph.find_children(package)
        if package == "urlint":
            placed = {name for row in LAYERS for name in row}
        elif package in ORDERS:
            placed = {f"{package}.{name}" for row in ORDERS[package] for name in row}
        else:
            placed = set()
            if any(
                graph.direct_import_exists(importer=one, imported=other, as_packages=True)
                for one in children
                for other in children
                if one != other
            ):
                unordered.append(package)
            continue
        if placed != children:
            misplaced[package] = sorted(placed ^ children)
    assert (unordered, misplaced) == ([], {})


def test_the_architecture_pages_layers_are_the_contracts():
    page = (REPO / "docs/design/architecture.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| (.+?) \| ", page, flags=re.MULTILINE)
    numbers = [int(number) for number, _ in rows]
    names = [
        ["urlint." + name.strip().strip("`").removesuffix("/").removesuffix(".py") for name in row]
        for _, cell in rows
        for row in [re.split(r"\s*\\\|\s*|,\s*", cell)]
    ]
    assert numbers == list(range(1, len(LAYERS) + 1))
    assert [sorted(row) for row in names] == [sorted(row) for row in LAYERS]
