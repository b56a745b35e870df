"""Builds the optional native solver core (prefa._native) next to the pure-Python package.

Everything else lives in pyproject.toml.  The extension is optional: where no C
compiler is found, or the build fails, the install still succeeds and
prefa.solver uses its Python search (prefa.solver.backend() says which one runs).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "prefa._native",
            sources=["prefa/_solver/solver.c", "prefa/_solver/binding.c"],
            depends=["prefa/_solver/solver.h"],
            optional=True,
        )
    ]
)
