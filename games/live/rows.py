"""The move's own statements, and a socket's reads as it arrives, compiled once (decisions 62
and 73).

A move reads two locked rows, appends one action and updates one round; a socket that opens
reads the table's current match twice and its latest round once. Through the ORM, most of
each statement's cost is Django building its SQL again from the queryset (about 0.3 ms a time,
several times what the database takes to run it). Here each statement's SQL is built by Django
once per database connection's vendor, from the same queryset or model fields the ORM would use,
and then run with new arguments; rows come back through the fields' own converters into model
instances (``Model.from_db``), exactly as a queryset would give them.

On PostgreSQL these statements also run on a cursor that binds its arguments on the server and
is prepared once per connection (``_cursor``): Django's own cursor quotes every argument into
the SQL text in Python, which cost more than the rest of the statement, and the server then
parses and plans it anew. A move's two writes go in one statement there (``InsertAndUpdate``).

Nothing here changes what is locked or written: the same rows, the same columns, the same
``SELECT … FOR UPDATE`` where the database has it. No model of the live layer has save signals
(``accounts`` has the only one), so writing its rows here skips nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.models import QuerySet

M = TypeVar("M", bound=models.Model)

#: a stand-in argument the SQL is compiled with, then found in its parameters
_ARGUMENT = -7_013_117


class FirstRow(Generic[M]):
    """The first row of a queryset built around one argument (``build(argument)``), compiled
    once per database connection (each thread has its own) and then fetched for each new
    argument: a move's row locks, and the reads of a socket's arrival."""

    def __init__(self, build: Callable[[Any], QuerySet[M]]) -> None:
        self._build = build
        self._mine = threading.local()  # gone with its thread, and so its connection

    def get(self, argument: Any) -> M | None:
        wrapper = connections[DEFAULT_DB_ALIAS]  # this thread's connection
        compiled: _Compiled | None = getattr(self._mine, "compiled", None)
        if compiled is None or compiled.wrapper is not wrapper:
            compiled = self._mine.compiled = _Compiled(self._build(_ARGUMENT)[:1], wrapper)
        row: M | None = compiled.get(argument)
        return row


class _Compiled:
    """One queryset's SQL and the converters of its columns, for one connection."""

    def __init__(self, queryset: QuerySet[Any], wrapper: Any) -> None:
        self.compiler = queryset.query.get_compiler(connection=wrapper)
        sql, params = self.compiler.as_sql()
        self.sql, self.params = sql, list(params)
        assert self.params.count(_ARGUMENT) == 1, "the query takes exactly its one argument"
        self.at = self.params.index(_ARGUMENT)
        columns = [col for col, _sql, _alias in self.compiler.select]
        self.attnames = [col.target.attname for col in columns]
        self.converters = self.compiler.get_converters(columns)
        self.model = queryset.model
        self.wrapper = wrapper

    def get(self, argument: Any) -> Any:
        params = list(self.params)
        params[self.at] = argument
        with _cursor(self.wrapper) as cursor:
            cursor.execute(self.sql, params)
            row = cursor.fetchone()
        if row is None:
            return None
        if self.converters:
            row = next(iter(self.compiler.apply_converters([row], self.converters)))
        return self.model.from_db(self.wrapper.alias, self.attnames, row)


def _cursor(wrapper: Any) -> Any:
    """A cursor for one of the move's statements, through Django's own wrapper (its error
    translation, its query log when one is kept). On PostgreSQL it binds the arguments on the
    server, and the connection prepares each statement the first time it runs it (psycopg's
    ``prepare_threshold``, which Django leaves off: only a server-binding cursor like this one
    ever prepares, Django's own cursors never do). Behind PgBouncer's transaction pooling
    (``DATABASE_POOLED``, which sets ``prepare_threshold`` in the database's ``OPTIONS``) a
    prepared statement would be left on a server connection another client gets next: then
    the statement is bound on the server but never prepared (docs/operations.md)."""
    if wrapper.vendor != "postgresql":
        return wrapper.cursor()
    from django.db.backends.postgresql.base import (  # type: ignore[attr-defined]
        ServerBindingCursor,
    )

    wrapper.close_if_health_check_failed()
    wrapper.ensure_connection()
    raw = wrapper.connection
    if raw.prepare_threshold is None and "prepare_threshold" not in wrapper.settings_dict.get(
        "OPTIONS", {}
    ):
        raw.prepare_threshold = 0
    with wrapper.wrap_database_errors:
        return wrapper._prepare_cursor(ServerBindingCursor(raw))


def _prepared(field: models.Field[Any, Any], instance: models.Model, add: bool) -> Any:
    """A field's value as the database takes it (``auto_now`` stamped, JSON adapted)."""
    return field.get_db_prep_save(field.pre_save(instance, add), connection)


def _concrete(model: type[models.Model], name: str) -> models.Field[Any, Any]:
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field) and field.concrete, f"{name} is a column"
    return field


class _Statement:
    """A statement's SQL, written by ``write`` (given the connection's ``quote_name``) once per
    database vendor."""

    def __init__(self, write: Callable[[Callable[[str], str]], str]) -> None:
        self._write = write
        self._sql: dict[str, str] = {}

    def sql(self) -> str:
        text = self._sql.get(connection.vendor)
        if text is None:
            text = self._sql[connection.vendor] = self._write(connection.ops.quote_name)
        return text


class RowUpdate:
    """``instance.save(update_fields=fields)`` for one model and one set of fields, its SQL
    written once per vendor."""

    def __init__(self, model: type[models.Model], fields: Sequence[str]) -> None:
        self._fields = [_concrete(model, name) for name in fields]
        self._statement = _Statement(self._write)
        self._model = model

    def _write(self, quote: Callable[[str], str]) -> str:
        meta = self._model._meta
        sets = ", ".join(f"{quote(f.column)} = %s" for f in self._fields)
        return f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s"

    def sql(self) -> str:
        return self._statement.sql()

    def arguments(self, instance: models.Model) -> list[Any]:
        return [*(_prepared(f, instance, False) for f in self._fields), instance.pk]

    def __call__(self, instance: models.Model) -> None:
        with _cursor(connection) as cursor:
            cursor.execute(self.sql(), self.arguments(instance))
            assert cursor.rowcount == 1, "the locked row is there"


class RowInsert:
    """``Model.objects.create(...)`` for a row whose id nobody reads back (an append-only log),
    its SQL written once per vendor: ``insert(row(**values))``."""

    def __init__(self, model: type[models.Model]) -> None:
        self._model = model
        self._fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        self._statement = _Statement(self._write)

    def _write(self, quote: Callable[[str], str]) -> str:
        columns = ", ".join(quote(f.column) for f in self._fields)
        marks = ", ".join(["%s"] * len(self._fields))
        return f"INSERT INTO {quote(self._model._meta.db_table)} ({columns}) VALUES ({marks})"

    def sql(self) -> str:
        return self._statement.sql()

    def row(self, **values: Any) -> list[Any]:
        """The row's values as the database takes them (to insert now or with an update)."""
        instance = self._model(**values)
        return [_prepared(f, instance, True) for f in self._fields]

    def insert(self, row: list[Any]) -> None:
        with _cursor(connection) as cursor:
            cursor.execute(self.sql(), row)


class InsertAndUpdate:
    """A row appended and another updated in one statement where the database can
    (PostgreSQL: the insert as a data-modifying ``WITH``), so one round trip; elsewhere the two
    one after the other, in that order."""

    def __init__(self, insert: RowInsert, update: RowUpdate) -> None:
        self._insert, self._update = insert, update
        self._statement = _Statement(lambda _quote: self._write())

    def _write(self) -> str:
        return f"WITH appended AS ({self._insert.sql()}) {self._update.sql()}"

    def __call__(self, row: list[Any], instance: models.Model) -> None:
        if connection.vendor != "postgresql":
            self._insert.insert(row)
            self._update(instance)
            return
        with _cursor(connection) as cursor:
            cursor.execute(self._statement.sql(), [*row, *self._update.arguments(instance)])
            assert cursor.rowcount == 1, "the locked row is there"
