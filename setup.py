"""Package list only (everything else is in pyproject.toml).

``widgets/`` installs as ``designkit_widgets`` so notebooks import it without
path hacks and it cannot collide with other packages; pyproject alone cannot
combine that rename with package discovery.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["designkit", "designkit.*"])
    + ["designkit_widgets"]
    + [f"designkit_widgets.{p}" for p in find_packages("widgets")],
    package_dir={"designkit_widgets": "widgets"},
)
