"""The Flask extensions, created unbound so the factory can attach them."""

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Model(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Model)
migrate = Migrate()
csrf = CSRFProtect()
